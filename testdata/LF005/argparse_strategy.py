import argparse

import torch
from lightning.fabric import Fabric


class LitTrainer:
    def __init__(self, strategy, devices):
        self.fabric = Fabric(accelerator="cuda", strategy=strategy, devices=devices)

    def fit(self, model, loader, epochs=1):
        optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)
        model, optimizer = self.fabric.setup(model, optimizer)
        loader = self.fabric.setup_dataloaders(loader)
        for _ in range(epochs):
            for batch in loader:
                loss = model(**batch).loss
                self.fabric.backward(loss)
                optimizer.step()
                optimizer.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="ddp", choices=["ddp", "fsdp", "deepspeed_stage_2"])
    parser.add_argument("--devices", type=int, default=2)
    args = parser.parse_args()
    from data import build

    model, loader = build()
    LitTrainer(args.strategy, args.devices).fit(model, loader)
