"""A GAN's optimizers gathered in a list, the discriminator's appended: two
optimizers on every run, which DeepSpeed refuses."""

import torch
import lightning.pytorch as pl
from torch.utils.data import DataLoader


class Gan(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.generator = torch.nn.Linear(4, 4)
        self.discriminator = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        opt_g, opt_d = self.optimizers()
        loss = self.discriminator(self.generator(batch)).mean()
        opt_g.zero_grad()
        self.manual_backward(loss)
        opt_g.step()

    def configure_optimizers(self):
        optimizers = [torch.optim.Adam(self.generator.parameters(), lr=1e-3)]
        optimizers.append(torch.optim.Adam(self.discriminator.parameters(), lr=1e-3))
        return optimizers


if __name__ == "__main__":
    trainer = pl.Trainer(accelerator="cuda", devices=1, strategy="deepspeed", max_epochs=1)
    trainer.fit(Gan(), DataLoader(torch.randn(16, 4), batch_size=4))
