import argparse

import torch
import torch.nn.functional as F
import lightning as L

from models import ResNet50, ViTBase


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--arch", choices=["resnet", "vit"], default="vit")
    args = parser.parse_args()

    fabric = L.Fabric(accelerator="cuda", devices=8, strategy="deepspeed_stage_2")
    fabric.launch()
    # exactly one of the two branches runs: one model is set up
    if args.arch == "resnet":
        net = ResNet50(num_classes=1000)
        net, opt = fabric.setup(net, torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9))
    else:
        net = ViTBase(num_classes=1000)
        net, opt = fabric.setup(net, torch.optim.AdamW(net.parameters(), lr=1e-3))

    for images, labels in fabric.setup_dataloaders(make_loader()):
        loss = F.cross_entropy(net(images), labels)
        opt.zero_grad()
        fabric.backward(loss)
        opt.step()


if __name__ == "__main__":
    main()
