"""The set-up is written only for a multi-device run, but this run has one
device: `fabric.world_size` is 1, the set-up never runs, and DeepSpeed's
backward finds no model."""

import torch
from lightning.fabric import Fabric

DEVICES = 1


def main():
    fabric = Fabric(accelerator="cuda", devices=DEVICES, strategy="deepspeed")
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    if fabric.world_size > 1:
        model, optimizer = fabric.setup(model, optimizer)
    for _ in range(3):
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        loss = torch.nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
