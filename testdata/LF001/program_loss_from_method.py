"""A runner class whose loss comes from its own method: the method is not a
model to set up, and the optimizer it steps came in from outside."""

import torch
from lightning.fabric import Fabric


class Runner:
    def __init__(self, fabric, model, optimizer):
        self.fabric = fabric
        self.model = model
        self.optimizer = optimizer

    def training_step(self, batch):
        x, y = batch
        return torch.nn.functional.mse_loss(self.model(x), y)

    def fit(self, batches):
        for batch in batches:
            loss = self.training_step(batch)
            self.fabric.backward(loss)
            self.optimizer.step()
            self.optimizer.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
    Runner(fabric, model, optimizer).fit(batches)
