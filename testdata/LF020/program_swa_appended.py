"""SWA appended to the callbacks list, under a Trainer running DeepSpeed."""
import sys

import torch
from torch.utils.data import DataLoader
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.callbacks import ModelCheckpoint, StochasticWeightAveraging


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


callbacks = [ModelCheckpoint(save_top_k=0)]
callbacks.append(StochasticWeightAveraging(swa_lrs=1e-2))
if "--accumulate" in sys.argv:
    callbacks += [StochasticWeightAveraging(swa_lrs=1e-3)]
trainer = Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", callbacks=callbacks, max_epochs=1, logger=False)
trainer.fit(Regressor(), DataLoader(torch.randn(16, 8), batch_size=4))
