import torch
import torch.nn.functional as F
import lightning as L
from torch.utils.data import DataLoader, TensorDataset

from ensemble import build_member, predict

SEEDS = [0, 1, 2, 3, 4]


def main(epochs=50):
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2", precision="bf16-mixed")
    fabric.launch()

    members = []
    for seed in SEEDS:
        members.append(build_member(fabric, seed, hidden=1024, lr=3e-4))

    features, targets = torch.load("data/tabular_train.pt")
    loader = fabric.setup_dataloaders(DataLoader(TensorDataset(features, targets), batch_size=512, shuffle=True))
    for epoch in range(epochs):
        for x, y in loader:
            for model, optimizer in members:
                loss = F.mse_loss(model(x), y)
                optimizer.zero_grad()
                fabric.backward(loss)
                optimizer.step()
        mean, std = predict(members, x)
        fabric.print(f"epoch {epoch}: last batch mse {F.mse_loss(mean, y).item():.4f}, spread {std.mean().item():.4f}")


if __name__ == "__main__":
    main()
