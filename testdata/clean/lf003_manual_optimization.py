import torch
import torch.nn.functional as F
import lightning.pytorch as pl


class GAN(pl.LightningModule):
    def __init__(self, generator, discriminator, latent_dim: int = 128):
        super().__init__()
        self.automatic_optimization = False
        self.generator = generator
        self.discriminator = discriminator
        self.latent_dim = latent_dim

    def training_step(self, batch, batch_idx):
        real, _ = batch
        if real.size(0) == 0:
            return None
        opt_g, opt_d = self.optimizers()
        z = torch.randn(real.size(0), self.latent_dim, device=self.device)
        fake = self.generator(z)
        d_real, d_fake = self.discriminator(real), self.discriminator(fake.detach())
        loss_d = F.softplus(-d_real).mean() + F.softplus(d_fake).mean()
        opt_d.zero_grad()
        self.manual_backward(loss_d)
        opt_d.step()
        loss_g = F.softplus(-self.discriminator(fake)).mean()
        opt_g.zero_grad()
        self.manual_backward(loss_g)
        opt_g.step()
        self.log_dict({"loss_d": loss_d, "loss_g": loss_g})

    def configure_optimizers(self):
        g = torch.optim.Adam(self.generator.parameters(), lr=2e-4, betas=(0.5, 0.999))
        d = torch.optim.Adam(self.discriminator.parameters(), lr=2e-4, betas=(0.5, 0.999))
        return g, d  # lightfix: ignore[LF010] (this case is about LF003)


trainer = pl.Trainer(devices=4, strategy="deepspeed")
