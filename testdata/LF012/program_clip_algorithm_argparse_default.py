"""The Trainer is made from the parsed arguments (`**vars(args)`), whose clipping algorithm defaults to "value"."""
import argparse

import torch
from torch.utils.data import DataLoader
import lightning.pytorch as pl


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


parser = argparse.ArgumentParser()
parser.add_argument("--accelerator", default="gpu")
parser.add_argument("--devices", type=int, default=1)
parser.add_argument("--max_epochs", type=int, default=1)
parser.add_argument("--strategy", default="deepspeed_stage_2")
parser.add_argument("--gradient_clip_val", type=float, default=0.5)
parser.add_argument("--gradient_clip_algorithm", default="value")
args = parser.parse_args()
trainer = pl.Trainer(logger=False, **vars(args))
trainer.fit(Regressor(), DataLoader(torch.randn(12, 8), batch_size=4))
