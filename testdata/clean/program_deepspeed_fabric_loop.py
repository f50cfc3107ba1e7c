"""The correct Fabric loop on DeepSpeed: launch, joint set-up, fabric.backward, step."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L


def main():
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(DataLoader(TensorDataset(torch.randn(24, 8), torch.randn(24, 1)), batch_size=4))
    before = [p.detach().clone() for p in model.parameters()]
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()
    assert any(not torch.equal(b, p) for b, p in zip(before, model.parameters())), "the weights did not change"
    fabric.save("final.ckpt", {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    main()
