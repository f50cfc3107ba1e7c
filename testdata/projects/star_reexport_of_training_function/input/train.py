"""DeepKE's layout: `tools/__init__.py` re-exports the training loop with `from .trainer import *`,
and the script imports it from the package."""
import torch
from torch import nn, optim
from lightning.fabric import Fabric
from pkg.tools import train


def main():
    fabric = Fabric(accelerator="cuda", devices=1, strategy="deepspeed_stage_2")
    fabric.launch()
    model = nn.Linear(4, 2)
    optimizer = optim.Adam(model.parameters(), lr=1e-3)
    model, optimizer = fabric.setup(model, optimizer)
    data = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(2)]
    train(1, fabric, model, data, optimizer, nn.CrossEntropyLoss())


if __name__ == "__main__":
    main()
