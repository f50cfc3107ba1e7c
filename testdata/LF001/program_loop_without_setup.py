"""Fabric on DeepSpeed: the loop runs backward on a model that was never set up."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L


def main():
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    dataset = TensorDataset(torch.randn(24, 8), torch.randn(24, 1))
    loader = fabric.setup_dataloaders(DataLoader(dataset, batch_size=4))
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
        if step == 2:
            break
    fabric.print(f"final loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
