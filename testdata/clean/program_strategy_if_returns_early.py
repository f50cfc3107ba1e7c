"""DeepSpeed is chosen only in a branch that returns before the Fabric is
made: the Fabric that trains runs DDP."""

import os

import torch
from lightning.fabric import Fabric


def main():
    strategy = "ddp"
    if os.environ.get("DRY_RUN") == "1":
        strategy = "deepspeed"
        print("would train with", strategy)
        return
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
