"""Plain DDP in full precision: neither strategy nor precision overrides backward, so
`loss.backward()` is allowed."""

import lightning as L
import torch
import torch.nn.functional as F


def main(model, loader, epochs=10):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="ddp", precision="32-true")
    fabric.launch()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(loader)
    for _ in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
