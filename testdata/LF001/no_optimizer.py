"""Compute input-gradient saliency maps for a trained classifier."""
import torch
from lightning.fabric import Fabric

from models import load_checkpoint


def saliency_maps(fabric, checkpoint, loader):
    network = load_checkpoint(checkpoint)
    network.eval()
    maps = []
    for images, _ in loader:
        images = images.requires_grad_(True)
        score = network(images).max(dim=1).values.sum()
        fabric.backward(score)
        maps.append(images.grad.abs().amax(dim=1).cpu())
    return torch.cat(maps)


if __name__ == "__main__":
    fabric = Fabric(accelerator="cuda", devices=1, strategy="deepspeed")
    fabric.launch()
    loader = fabric.setup_dataloaders(torch.load("val_loader.pt"))
    torch.save(saliency_maps(fabric, "classifier.ckpt", loader), "saliency.pt")
