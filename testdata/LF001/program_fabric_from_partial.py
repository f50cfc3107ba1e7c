"""The Fabric comes from a `functools.partial` that fixes DeepSpeed; the
model is never set up before the backward."""

from functools import partial

import torch
from lightning.fabric import Fabric

DeepSpeedFabric = partial(Fabric, accelerator="cuda", strategy="deepspeed")


def main():
    fabric = DeepSpeedFabric(devices=2)
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        loss = torch.nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
