import torch

from runtime import build_fabric


def train(cfg):
    fabric = build_fabric(cfg)
    fabric.launch()
    model = torch.nn.Linear(16, 4)
    optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    for step in range(cfg.steps):
        x = torch.randn(8, 16)
        loss = model(x).pow(2).mean()
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
