import torch
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy


class GAN(LightningModule):
    def __init__(self, generator, discriminator):
        super().__init__()
        self.generator = generator
        self.discriminator = discriminator

    def training_step(self, batch, batch_idx):
        return self.discriminator(self.generator(batch)).mean()

    def configure_optimizers(self):
        # Not called: the DeepSpeed config below brings its own optimizer.
        g = torch.optim.Adam(self.generator.parameters())
        d = torch.optim.Adam(self.discriminator.parameters())
        return [g, d], []


config = {"optimizer": {"type": "Adam", "params": {"lr": 2e-4}}, "zero_optimization": {"stage": 2}}
trainer = Trainer(strategy=DeepSpeedStrategy(config=config), devices=2)
trainer.fit(GAN(torch.nn.Linear(8, 8), torch.nn.Linear(8, 1)))
