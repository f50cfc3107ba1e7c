"""A trainer class whose `fit` owns the loop and hands the model and optimizer
to its step method once per batch; `fit` is called with an optimizer built in
the call itself, so the set-up goes at the top of `fit`, before its loop."""

import torch
from lightning.fabric import Fabric


class LoopTrainer:
    def __init__(self):
        self.fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
        self.fabric.launch()

    def fit(self, model, optimizer, steps=3):
        for _ in range(steps):
            self.step(model, optimizer, torch.randn(8, 4))

    def step(self, model, optimizer, x):
        loss = model(x).pow(2).mean()
        optimizer.zero_grad()
        self.fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    net = torch.nn.Linear(4, 1)
    LoopTrainer().fit(net, torch.optim.SGD(net.parameters(), lr=0.1))
