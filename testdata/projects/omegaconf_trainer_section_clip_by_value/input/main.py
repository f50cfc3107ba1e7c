"""The latent-diffusion layout: the Trainer's keywords are the `lightning.trainer` section of
the config the script loads, which clips by value under DeepSpeed."""
import torch
from omegaconf import OmegaConf
from torch.utils.data import DataLoader
import lightning.pytorch as pl


class Regressor(pl.LightningModule):
    def __init__(self, lr):
        super().__init__()
        self.lr = lr
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=self.lr)


config = OmegaConf.load("configs/train.yaml")
trainer = pl.Trainer(logger=False, **config.lightning.trainer)
trainer.fit(Regressor(config.model.lr), DataLoader(torch.randn(12, 8), batch_size=4))
