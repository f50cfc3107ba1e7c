"""The strategy is set on the parsed arguments only when several GPUs are seen: SWA fails on those runs."""
import argparse

import torch
from torch.utils.data import DataLoader
import pytorch_lightning as pl
from pytorch_lightning.callbacks import StochasticWeightAveraging


class Tagger(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


parser = argparse.ArgumentParser()
parser.add_argument("--strategy", default="auto")
parser.add_argument("--devices", type=int, default=2)
parser.add_argument("--max_epochs", type=int, default=1)
args = parser.parse_args([])
if args.devices > 1:
    args.strategy = "deepspeed_stage_2"
trainer = pl.Trainer.from_argparse_args(args, callbacks=[StochasticWeightAveraging(swa_lrs=1e-2)], logger=False)
trainer.fit(Tagger(), DataLoader(torch.randn(12, 8), batch_size=4))
