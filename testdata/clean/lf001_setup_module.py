import torch
from lightning_fabric import Fabric

from models import load_checkpoint


def saliency(checkpoint, loader):
    fabric = Fabric(accelerator="cuda", devices=1, strategy="deepspeed")
    fabric.launch()
    network = fabric.setup_module(load_checkpoint(checkpoint))
    maps = []
    for images, _ in loader:
        images = images.to(fabric.device).requires_grad_(True)
        score = network(images).max(dim=1).values.sum()
        fabric.backward(score)
        maps.append(images.grad.abs().amax(dim=1).cpu())
    return torch.cat(maps)
