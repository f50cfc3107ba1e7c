"""The callbacks come from a helper of the script: its list holds SWA, which refuses DeepSpeed."""
import torch
from torch.utils.data import DataLoader
import lightning.pytorch as pl
from lightning.pytorch.callbacks import LearningRateMonitor, StochasticWeightAveraging


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def get_callbacks():
    callbacks = [LearningRateMonitor()]
    callbacks += [StochasticWeightAveraging(swa_lrs=1e-2)]
    return callbacks


trainer = pl.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False, callbacks=get_callbacks())
trainer.fit(Regressor(), DataLoader(torch.randn(12, 8), batch_size=4))
