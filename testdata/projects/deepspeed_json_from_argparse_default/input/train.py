"""openfold's layout: the DeepSpeed config is a JSON file named by an argparse option's
default, and it sets gradient accumulation, which Lightning's Trainer owns."""
import argparse

import torch
from torch.utils.data import DataLoader
import lightning.pytorch as pl
from lightning.pytorch.strategies import DeepSpeedStrategy


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


parser = argparse.ArgumentParser()
parser.add_argument("--deepspeed_config_path", type=str, default="ds_config.json")
args = parser.parse_args()
trainer = pl.Trainer(accelerator="gpu", devices=1, max_epochs=1, logger=False,
                     strategy=DeepSpeedStrategy(config=args.deepspeed_config_path))
trainer.fit(Regressor(), DataLoader(torch.randn(12, 8), batch_size=4))
