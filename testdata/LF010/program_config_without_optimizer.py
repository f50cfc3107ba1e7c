"""A GAN's two optimizers under a DeepSpeed config that brings no optimizer of its own."""
import torch
from torch.utils.data import DataLoader
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy


class GAN(LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.generator = torch.nn.Linear(8, 8)
        self.discriminator = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        opt_g, opt_d = self.optimizers()
        loss = self.discriminator(self.generator(batch)).mean()
        opt_g.zero_grad()
        self.manual_backward(loss)
        opt_g.step()

    def configure_optimizers(self):
        g = torch.optim.Adam(self.generator.parameters())
        d = torch.optim.Adam(self.discriminator.parameters())
        return [g, d]


config = {"zero_optimization": {"stage": 2}, "train_micro_batch_size_per_gpu": 4}
trainer = Trainer(accelerator="gpu", devices=1, strategy=DeepSpeedStrategy(config=config), max_epochs=1, logger=False)
trainer.fit(GAN(), DataLoader(torch.randn(16, 8), batch_size=4))
