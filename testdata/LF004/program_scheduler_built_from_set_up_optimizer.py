# The scheduler is built from what setup_optimizers returned: set up jointly,
# that is DeepSpeed's optimizer, which torch's LambdaLR refuses, so merging
# the two set-ups would only move the crash. Reported, not fixed.
import torch
from torch import nn
from torch.optim.lr_scheduler import LambdaLR
from lightning import Fabric


class Trainer:
    def __init__(self, model, lr=1e-3):
        fabric = Fabric(accelerator="cuda", devices=1, strategy="deepspeed")
        self.fabric = fabric
        fabric.launch()
        optimizer = torch.optim.Adam(model.parameters(), lr=lr)
        model = fabric.setup_module(model)
        optimizer = fabric.setup_optimizers(optimizer)
        self.scheduler = LambdaLR(optimizer, lr_lambda=lambda step: 1.0)
        self.model, self.optimizer = model, optimizer

    def __call__(self, steps):
        for _ in range(steps):
            loss = self.model(torch.randn(8, 4, device=self.fabric.device)).pow(2).mean()
            self.fabric.backward(loss)
            self.optimizer.step()
            self.scheduler.step()
            self.optimizer.zero_grad()


if __name__ == "__main__":
    Trainer(nn.Linear(4, 1))(steps=2)
