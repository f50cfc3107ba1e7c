import torch
import torch.nn.functional as F
import lightning as L

from distributed import start


def main():
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    model = torch.nn.Sequential(torch.nn.Linear(512, 512), torch.nn.GELU(), torch.nn.Linear(512, 10))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    start(fabric)
    loader = fabric.setup_dataloaders(torch.utils.data.DataLoader(torch.load("data/train.pt"), batch_size=64))
    for epoch in range(10):
        for x, y in loader:
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()


if __name__ == "__main__":
    main()
