"""The strategy is chosen by an if/else statement, DeepSpeed in the first
branch: DeepSpeed on some runs, so a warning."""

import os

import torch
from lightning.fabric import Fabric


def main():
    if os.environ.get("USE_ZERO", "1") == "1":
        strategy = "deepspeed_stage_2"
    else:
        strategy = "ddp"
    fabric = Fabric(accelerator="cuda", devices=2, strategy=strategy)
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
