import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric


class Trainer:
    def __init__(self, strategy, devices):
        self.fabric = Fabric(accelerator="cuda", devices=devices, strategy=strategy, precision="bf16-mixed")
        self.fabric.launch()

    def fit(self, model, loader, epochs=1):
        optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        model, optimizer = self.fabric.setup(model, optimizer)
        loader = self.fabric.setup_dataloaders(loader)
        for _ in range(epochs):
            for x, y in loader:
                optimizer.zero_grad()
                loss = F.cross_entropy(model(x), y)
                loss.backward()
                optimizer.step()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", choices=["ddp", "deepspeed_stage_3"], default="ddp")
    args = parser.parse_args()
    from data import make_model, make_loader

    Trainer(args.strategy, devices=8).fit(make_model(), make_loader())
