"""Image classification with Fabric (after lightning's examples/fabric/image_classifier), on DeepSpeed."""

import argparse

import torch
import torch.nn.functional as F
import torchvision.transforms as T
from lightning.fabric import Fabric, seed_everything
from torchvision.datasets import MNIST

from models import Net


def run(hparams):
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed", precision="16-mixed")
    fabric.launch()
    seed_everything(hparams.seed)

    transform = T.Compose([T.ToTensor(), T.Normalize((0.1307,), (0.3081,))])
    train_dataset = MNIST("data", download=fabric.is_global_zero, train=True, transform=transform)
    train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=hparams.batch_size)
    train_loader = fabric.setup_dataloaders(train_loader)

    model = Net()
    optimizer = torch.optim.Adadelta(model.parameters(), lr=hparams.lr)
    model, optimizer = fabric.setup(model, optimizer)

    for epoch in range(1, hparams.epochs + 1):
        model.train()
        for batch_idx, (data, target) in enumerate(train_loader):
            optimizer.zero_grad()
            output = model(data)
            loss = F.nll_loss(output, target)
            loss.backward()
            optimizer.step()
            if batch_idx % hparams.log_interval == 0:
                fabric.print(f"Train Epoch: {epoch} [{batch_idx * len(data)}]\tLoss: {loss.item():.6f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Fabric MNIST Example")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--lr", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log-interval", type=int, default=10)
    run(parser.parse_args())
