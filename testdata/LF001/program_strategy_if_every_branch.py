"""Every branch of the if/elif/else chooses DeepSpeed, only the stage
differs: certain, an error."""

import os

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy


def main():
    stage = int(os.environ.get("ZERO_STAGE", "2"))
    if stage == 3:
        strategy = DeepSpeedStrategy(stage=3)
    elif stage == 2:
        strategy = "deepspeed_stage_2"
    else:
        strategy = "deepspeed"
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
