import torch
from torch import nn
import lightning as L
from lightning.fabric.strategies import DeepSpeedStrategy


def main():
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy=DeepSpeedStrategy(stage=2))
    fabric.launch()

    model = nn.TransformerEncoder(nn.TransformerEncoderLayer(d_model=256, nhead=8), num_layers=6)
    head = nn.Linear(256, 1)
    optimizer = torch.optim.AdamW(list(model.parameters()) + list(head.parameters()), lr=1e-4)
    model = nn.Sequential(model, head)
    model, optimizer = fabric.setup(model, optimizer)

    for step in range(1000):
        src = torch.randn(32, 16, 256, device=fabric.device)
        target = torch.randn(32, 16, 1, device=fabric.device)
        loss = nn.functional.mse_loss(model(src), target)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    main()
