"""The set-up is written for a multi-device run, and this run has eight
devices: `fabric.world_size > 1` holds on every run, so the set-up always
comes before the backward."""

import torch
from lightning.fabric import Fabric


def main():
    fabric = Fabric(accelerator="cuda", devices=8, strategy="deepspeed")
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
