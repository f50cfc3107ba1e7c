"""The parsed arguments are handed to `main(args)`; their strategy default is
DDP, so a skipped step is Lightning's business, not DeepSpeed's crash."""

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
        if loss > 100:
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


def main(args):
    data = DataLoader(TensorDataset(torch.randn(16, 4) * 100, torch.randn(16, 1)), batch_size=4)
    trainer = Trainer(strategy=args.strategy, accelerator="gpu", devices=1, max_epochs=1)
    trainer.fit(Regressor(), data)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="ddp")
    main(parser.parse_args([]))
