import torch
import lightning.pytorch as pl


class GAN(pl.LightningModule):
    def __init__(self, generator, discriminator):
        super().__init__()
        self.generator = generator
        self.discriminator = discriminator

    def training_step(self, batch, batch_idx):
        return self.discriminator(self.generator(batch)).mean()

    def configure_gradient_clipping(self, optimizer, gradient_clip_val, gradient_clip_algorithm):
        # Clip the discriminator by value, as in WGAN; this is not the Trainer argument.
        self.clip_gradients(optimizer, gradient_clip_val=0.01, gradient_clip_algorithm="value")

    def configure_optimizers(self):
        return torch.optim.RMSprop(self.parameters(), lr=5e-5)


def train(gan: GAN, clip_algorithm: str):
    trainer = pl.Trainer(strategy="deepspeed_stage_2", gradient_clip_algorithm=clip_algorithm)
    trainer.fit(gan)
