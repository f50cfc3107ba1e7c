"""A trainer class whose step method does the backward on the model and
optimizer `fit` hands it, once per batch: the set-up goes in `fit`, before
the loop, not in the step (set up again on every batch)."""

import torch
from lightning.fabric import Fabric


class Trainer:
    def __init__(self):
        self.fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed")

    def training_step(self, model, optimizer, batch):
        x, y = batch
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        self.fabric.backward(loss)
        optimizer.step()
        return loss

    def fit(self, model, optimizer, batches):
        self.fabric.launch()
        for epoch in range(2):
            for batch in batches:
                self.training_step(model, optimizer, batch)


if __name__ == "__main__":
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
    Trainer().fit(model, optimizer, batches)
