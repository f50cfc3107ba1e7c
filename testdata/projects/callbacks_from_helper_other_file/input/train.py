"""Callbacks from a helper of another file: with weight averaging on, a DeepSpeed run
stops at SWA's set-up."""
import torch
from torch.utils.data import DataLoader
import lightning.pytorch as pl

from project.callbacks import build_callbacks


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


trainer = pl.Trainer(
    accelerator="gpu",
    devices=1,
    strategy="deepspeed_stage_2",
    max_epochs=1,
    logger=False,
    callbacks=build_callbacks(swa=True),
)
trainer.fit(Regressor(), DataLoader(torch.randn(12, 8), batch_size=4))
