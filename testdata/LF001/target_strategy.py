# args: --target-strategy deepspeed
import torch
from torch import nn
from lightning.fabric import Fabric


def train(loader, epochs=10):
    fabric = Fabric(accelerator="cuda", devices=2)
    regressor = nn.Sequential(nn.Linear(16, 64), nn.Tanh(), nn.Linear(64, 1))
    sgd = torch.optim.SGD(regressor.parameters(), lr=1e-2)
    for epoch in range(epochs):
        total = 0.0
        for features, target in loader:
            features, target = features.to(fabric.device), target.to(fabric.device)
            prediction = regressor(features).squeeze(-1)
            loss = nn.functional.smooth_l1_loss(prediction, target)
            sgd.zero_grad()
            fabric.backward(loss)
            sgd.step()
            total += loss.item()
        print(f"epoch {epoch}: {total / len(loader):.4f}")
    return regressor
