import argparse

import lightning.pytorch as pl
import torch.optim as optim

from data import PoissonDataModule
from nets import MLP


class Solver(pl.LightningModule):
    def __init__(self, use_lbfgs: bool = True):
        super().__init__()
        self.net = MLP(2, 1, hidden=64)
        self.use_lbfgs = use_lbfgs

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        if self.use_lbfgs:
            return optim.LBFGS(self.parameters(), lr=0.1)
        return optim.Adam(self.parameters(), lr=1e-3)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="auto", choices=["auto", "ddp", "deepspeed"])
    args = parser.parse_args()
    trainer = pl.Trainer(strategy=args.strategy, max_steps=5000)
    trainer.fit(Solver(), datamodule=PoissonDataModule())


if __name__ == "__main__":
    main()
