"""The Trainer takes every parsed argument, the strategy's default among
them."""

import argparse

import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader, TensorDataset


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        if torch.isnan(loss).any() or loss > 100:
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="deepspeed_stage_3")
    parser.add_argument("--accelerator", default="gpu")
    parser.add_argument("--devices", type=int, default=1)
    parser.add_argument("--max_epochs", type=int, default=1)
    args = parser.parse_args([])
    data = DataLoader(TensorDataset(torch.randn(16, 4) * 100, torch.randn(16, 1)), batch_size=4)
    trainer = Trainer(**vars(args))
    trainer.fit(Regressor(), data)


if __name__ == "__main__":
    main()
