"""An entry point that a framework's runner calls with a launched Fabric:
not a migration, and no caller here says which strategy it runs."""

import torch
from lightning import fabric as lf


def main(fabric: lf.Fabric, cfg: dict):
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    model = fabric.setup_module(model)
    optimizer = fabric.setup_optimizers(optimizer)
    for _ in range(cfg["steps"]):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
