"""openfold's idiom: the Trainer's keywords are collected in a dict, the callbacks with them."""
import torch
from torch.utils.data import DataLoader
import lightning.pytorch as pl
from lightning.pytorch.callbacks import StochasticWeightAveraging


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


callbacks = [StochasticWeightAveraging(swa_lrs=1e-2)]
trainer_args = {"accelerator": "gpu", "devices": 1, "max_epochs": 1, "logger": False}
trainer_args.update({"strategy": "deepspeed_stage_2", "callbacks": callbacks})
trainer = pl.Trainer(**trainer_args)
trainer.fit(Regressor(), DataLoader(torch.randn(12, 8), batch_size=4))
