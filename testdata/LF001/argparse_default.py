import argparse

import torch
import lightning_fabric
from torch import nn


class Autoencoder(nn.Module):
    def __init__(self, dim=784, hidden=64):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU())
        self.decoder = nn.Sequential(nn.Linear(hidden, dim), nn.Sigmoid())

    def forward(self, x):
        return self.decoder(self.encoder(x))


def main():
    parser = argparse.ArgumentParser(description="Train an autoencoder with Fabric")
    parser.add_argument("--strategy", type=str, default="deepspeed")
    parser.add_argument("--devices", type=int, default=2)
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()

    fabric = lightning_fabric.Fabric(devices=args.devices, strategy=args.strategy)
    autoencoder = Autoencoder()
    optimizer = torch.optim.Adam(autoencoder.parameters(), lr=args.lr)

    data = torch.rand(2048, 784)
    for epoch in range(20):
        for chunk in data.split(128):
            chunk = chunk.to(fabric.device)
            recon = autoencoder(chunk)
            loss = nn.functional.binary_cross_entropy(recon, chunk)
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()


if __name__ == "__main__":
    main()
