import torch
from torch import nn
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

from lightning.fabric import Fabric


def train(fabric, epochs=3):
    transform = transforms.Compose([transforms.ToTensor(), transforms.Normalize((0.1307,), (0.3081,))])
    data = datasets.MNIST("./data", train=True, download=True, transform=transform)
    loader = fabric.setup_dataloaders(DataLoader(data, batch_size=64, shuffle=True))

    model = nn.Sequential(nn.Flatten(), nn.Linear(784, 256), nn.GELU(), nn.Linear(256, 10))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    model.train()
    for epoch in range(epochs):
        for images, targets in loader:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(images), targets)
            fabric.backward(loss)
            optimizer.step()
        fabric.print(f"epoch {epoch} done")


if __name__ == "__main__":
    fabric = Fabric(accelerator="gpu", devices=8, strategy="deepspeed_stage_3")
    fabric.launch(train)
