"""A DCGAN on random images with Lightning Fabric and DeepSpeed ZeRO stage 2.

    python examples/gan_deepspeed.py --devices 2

Fault (LF002): two models are set up, so under DeepSpeed every
`fabric.backward(...)` needs `model=`: Lightning raises "When using multiple
models + deepspeed, please provide the model used to perform the optimization".
"""
import argparse
import logging

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

import lightning as L
from lightning.fabric.strategies import DeepSpeedStrategy

log = logging.getLogger(__name__)
LATENT = 100


def make_generator() -> nn.Module:
    return nn.Sequential(
        nn.ConvTranspose2d(LATENT, 128, 4, 1, 0), nn.BatchNorm2d(128), nn.ReLU(True),
        nn.ConvTranspose2d(128, 64, 4, 2, 1), nn.BatchNorm2d(64), nn.ReLU(True),
        nn.ConvTranspose2d(64, 3, 4, 2, 1), nn.Tanh(),
    )


def make_discriminator() -> nn.Module:
    return nn.Sequential(
        nn.Conv2d(3, 64, 4, 2, 1), nn.LeakyReLU(0.2, True),
        nn.Conv2d(64, 128, 4, 2, 1), nn.BatchNorm2d(128), nn.LeakyReLU(0.2, True),
        nn.Conv2d(128, 1, 4, 1, 0), nn.Flatten(), nn.Sigmoid(),
    )


def main():
    parser = argparse.ArgumentParser(description="DCGAN with Fabric")
    parser.add_argument("--devices", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=5)
    parser.add_argument("--lr", type=float, default=2e-4)
    args = parser.parse_args()

    fabric = L.Fabric(devices=args.devices, strategy=DeepSpeedStrategy(stage=2), precision="16-mixed")
    fabric.launch()

    images = torch.rand(2048, 3, 16, 16) * 2 - 1
    loader = fabric.setup_dataloaders(DataLoader(TensorDataset(images), batch_size=64, shuffle=True))

    netG, netD = make_generator(), make_discriminator()
    optG = torch.optim.Adam(netG.parameters(), lr=args.lr, betas=(0.5, 0.999))
    optD = torch.optim.Adam(netD.parameters(), lr=args.lr, betas=(0.5, 0.999))
    netG, optG = fabric.setup(netG, optG)
    netD, optD = fabric.setup(netD, optD)
    criterion = nn.BCELoss()

    for epoch in range(args.epochs):
        for i, (real,) in enumerate(loader):
            ones = torch.ones(real.size(0), 1, device=fabric.device)
            zeros = torch.zeros(real.size(0), 1, device=fabric.device)
            noise = torch.randn(real.size(0), LATENT, 1, 1, device=fabric.device)
            fake = netG(noise)

            # Discriminator: real images towards 1, generated ones towards 0.
            optD.zero_grad()
            errD = criterion(netD(real), ones) + criterion(netD(fake.detach()), zeros)
            fabric.backward(errD)
            optD.step()

            # Generator: make the discriminator call the fakes real.
            optG.zero_grad()
            errG = criterion(netD(fake), ones)
            fabric.backward(errG)
            optG.step()

            if i % 20 == 0:
                fabric.print(f"[{epoch}/{args.epochs}][{i}] loss_D {errD.item():.3f} loss_G {errG.item():.3f}")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    main()
