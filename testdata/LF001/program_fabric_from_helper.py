"""The Fabric comes from a helper that makes and launches it, and is bound
after the model and optimizer: the set-up goes after all three."""

import torch
from lightning.fabric import Fabric


def make_fabric(devices):
    fabric = Fabric(accelerator="cuda", devices=devices, strategy="deepspeed_stage_2")
    fabric.launch()
    return fabric


def main():
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    fabric = make_fabric(2)
    for _ in range(3):
        loss = torch.nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    main()
