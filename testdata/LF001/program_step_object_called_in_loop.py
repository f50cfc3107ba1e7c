"""A step object made in the training function and called once per batch
with the model and optimizer handed in: the set-up goes where they are made,
not into the step, which runs on every batch."""

import torch
from lightning.fabric import Fabric

fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
fabric.launch()


class Stepper:
    def step(self, model, optimizer, batch):
        x, y = batch
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()


def train(model, optimizer, batches):
    stepper = Stepper()
    for batch in batches:
        stepper.step(model, optimizer, batch)


if __name__ == "__main__":
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
    train(model, optimizer, batches)
