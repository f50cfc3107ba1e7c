"""The optimizer arrives built elsewhere: which set-up model it steps cannot
be shown here, so the joint set-up is left to a person."""

import torch
from lightning.fabric import Fabric


def train(fabric, optimizer, model):
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(3):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed")
    fabric.launch()
    net = torch.nn.Linear(4, 1)
    train(fabric, torch.optim.SGD(net.parameters(), lr=0.1), net)
