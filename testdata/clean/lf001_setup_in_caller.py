import torch
from lightning.fabric import Fabric

from zoo import VisionTransformer, imagenet_loader


def train_epoch(fabric, model, optimizer, loader):
    for images, labels in loader:
        loss = torch.nn.functional.cross_entropy(model(images), labels)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()


def pretrain(fabric):
    vit = VisionTransformer("vit_b_16")
    optimizer = torch.optim.AdamW(vit.parameters(), lr=1e-3)
    vit, optimizer = fabric.setup(vit, optimizer)
    for _ in range(300):
        train_epoch(fabric, vit, optimizer, imagenet_loader("train"))


def finetune(fabric, checkpoint):
    vit = VisionTransformer("vit_b_16", weights=checkpoint)
    sgd = torch.optim.SGD(vit.parameters(), lr=1e-2)
    vit, sgd = fabric.setup(vit, sgd)
    train_epoch(fabric, vit, sgd, imagenet_loader("train", size=384))


if __name__ == "__main__":
    fabric = Fabric(devices=8, strategy="deepspeed_stage_2")
    fabric.launch()
    pretrain(fabric)
