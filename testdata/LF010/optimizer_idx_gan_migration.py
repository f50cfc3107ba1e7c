# args: --target-strategy deepspeed
# Lightning 1.x's GAN: one `training_step` per optimizer, picked by
# `optimizer_idx`. Migrated, DeepSpeed refuses the two optimizers (LF010);
# the `training_step` branch that falls through never runs, so no LF003.
import torch
import torch.nn.functional as F
from pytorch_lightning import LightningModule, Trainer


class GAN(LightningModule):
    def __init__(self, generator, discriminator):
        super().__init__()
        self.generator = generator
        self.discriminator = discriminator

    def training_step(self, batch, batch_idx, optimizer_idx):
        real = batch
        fake = self.generator(torch.randn(real.size(0), 64, device=self.device))
        if optimizer_idx == 0:
            score = self.discriminator(fake)
            return F.binary_cross_entropy_with_logits(score, torch.ones_like(score))
        if optimizer_idx == 1:
            real_score = self.discriminator(real)
            fake_score = self.discriminator(fake.detach())
            loss = F.binary_cross_entropy_with_logits(real_score, torch.ones_like(real_score))
            loss += F.binary_cross_entropy_with_logits(fake_score, torch.zeros_like(fake_score))
            return loss / 2

    def configure_optimizers(self):
        opt_g = torch.optim.Adam(self.generator.parameters(), lr=2e-4)
        opt_d = torch.optim.Adam(self.discriminator.parameters(), lr=2e-4)
        return [opt_g, opt_d], []


def main(generator, discriminator, loader):
    trainer = Trainer(accelerator="gpu", devices=2, max_epochs=5)
    trainer.fit(GAN(generator, discriminator), loader)
