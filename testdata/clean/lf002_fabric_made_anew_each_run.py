"""Several runs, each on a Fabric of its own: every Fabric sets up one model."""
import torch
from lightning.fabric import Fabric


def make_fabric():
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    return fabric


def sweep(learning_rates):
    for lr in learning_rates:
        fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
        fabric.launch()
        model = torch.nn.Linear(10, 1)
        model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=lr))
        for _ in range(2):
            loss = model(torch.randn(8, 10)).pow(2).mean()
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()


def sweep_with_helper(learning_rates):
    for lr in learning_rates:
        fabric = make_fabric()
        model = torch.nn.Linear(10, 1)
        model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=lr))
        loss = model(torch.randn(8, 10)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    sweep([0.1, 0.01])
    sweep_with_helper([0.1, 0.01])
