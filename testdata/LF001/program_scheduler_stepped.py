"""A scheduler stepped after the optimizer is not an optimizer to set up: the
model and the optimizer built from its parameters are."""

import torch
from lightning.fabric import Fabric


def main():
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed")
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)
    for _ in range(3):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
