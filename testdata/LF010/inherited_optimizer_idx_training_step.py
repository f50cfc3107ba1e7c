"""A subclass inherits `training_step(..., optimizer_idx)`: Lightning 1 with two optimizers, which DeepSpeed refuses, as for its base."""
import torch
import pytorch_lightning as pl
from pytorch_lightning import Trainer


class GANModel(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.gen = torch.nn.Linear(8, 8)
        self.disc = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx, optimizer_idx):
        if optimizer_idx == 0:
            return self.disc(self.gen(batch)).mean()
        if optimizer_idx == 1:
            return -self.disc(self.gen(batch)).mean()

    def configure_optimizers(self):
        opt_g = torch.optim.Adam(self.gen.parameters(), lr=1e-4)
        opt_d = torch.optim.Adam(self.disc.parameters(), lr=1e-4)
        return [opt_g, opt_d], []


class EMAGANModel(GANModel):
    def configure_optimizers(self):
        opt_g = torch.optim.Adam(self.gen.parameters(), lr=1e-4)
        opt_d = torch.optim.Adam(self.disc.parameters(), lr=1e-4)
        return [opt_g, opt_d], []


if __name__ == "__main__":
    trainer = Trainer(strategy="deepspeed_stage_2", accelerator="gpu", devices=1)
    trainer.fit(EMAGANModel())
    trainer.fit(GANModel())
