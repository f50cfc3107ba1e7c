"""The Trainer's options start from parsed arguments lightfix cannot read,
then `update` sets the strategy on every path: DDP, which lets
`training_step` return None."""

import argparse

from lightning.pytorch import LightningModule, Trainer


class Regressor(LightningModule):
    def training_step(self, batch, batch_idx):
        loss = self(batch).sum()
        if not loss.isfinite():
            return None
        return loss


def main():
    args = argparse.ArgumentParser().parse_args()
    wanted = ["max_epochs", "precision"]
    options = {k: v for k, v in vars(args).items() if k in wanted}
    options.update({"strategy": "ddp", "devices": 2})
    Trainer(**options).fit(Regressor())
