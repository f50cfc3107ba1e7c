"""Optimizers appended in a loop: how many, lightfix cannot count, so it
stays silent (here the loop runs once, and DeepSpeed gets one optimizer)."""

import torch
import lightning.pytorch as pl
from torch.utils.data import DataLoader


class Net(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.parts = torch.nn.ModuleList([torch.nn.Linear(4, 1)])

    def training_step(self, batch, batch_idx):
        return self.parts[0](batch).mean()

    def configure_optimizers(self):
        optimizers = []
        for part in self.parts:
            optimizers.append(torch.optim.Adam(part.parameters(), lr=1e-3))
        return optimizers


if __name__ == "__main__":
    trainer = pl.Trainer(accelerator="cuda", devices=1, strategy="deepspeed", max_epochs=1)
    trainer.fit(Net(), DataLoader(torch.randn(16, 4), batch_size=4))
