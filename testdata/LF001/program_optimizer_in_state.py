"""Pretraining that keeps model and optimizer in a state dict: the optimizer
stepped after backward is not built here, so setting up the model alone would
leave DeepSpeed's engine without it. Reported, not fixed."""

import torch
from lightning.fabric import Fabric


def train(fabric, state):
    model = state["model"]
    optimizer = state["optimizer"]
    for _ in range(3):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def main():
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed")
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    state = {"model": model, "optimizer": optimizer}
    train(fabric, state)


if __name__ == "__main__":
    main()
