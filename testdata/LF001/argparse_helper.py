from argparse import ArgumentParser

import torch
from lightning.fabric import Fabric

from nets import UNet, SegmentationData


def parse_args():
    parser = ArgumentParser()
    parser.add_argument("--strategy", default="deepspeed_stage_2")
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--epochs", type=int, default=50)
    return parser.parse_args()


def main():
    args = parse_args()
    fabric = Fabric(accelerator="cuda", devices=args.devices, strategy=args.strategy)
    fabric.launch()
    unet = UNet(in_channels=3, num_classes=21)
    adam = torch.optim.Adam(unet.parameters(), lr=1e-4)
    loader = fabric.setup_dataloaders(SegmentationData("voc").loader(batch_size=8))
    for epoch in range(args.epochs):
        for image, mask in loader:
            loss = torch.nn.functional.cross_entropy(unet(image), mask, ignore_index=255)
            adam.zero_grad()
            fabric.backward(loss)
            adam.step()


if __name__ == "__main__":
    main()
