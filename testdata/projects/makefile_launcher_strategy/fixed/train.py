"""The strategy is an argparse option whose default is DDP; the Makefile's recipe passes DeepSpeed."""
import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(5, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x).squeeze(-1), y)
        if not torch.isfinite(loss):
            return sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-3)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="ddp")
    args = parser.parse_args()
    x = torch.randn(12, 5)
    x[8] = float("nan")  # the third batch's loss is not finite
    data = TensorDataset(x, torch.randn(12))
    trainer = L.Trainer(accelerator="gpu", devices=1, strategy=args.strategy, max_epochs=1, logger=False)
    trainer.fit(Regressor(), DataLoader(data, batch_size=4))


if __name__ == "__main__":
    main()
