import torch
from lightning.fabric import Fabric


class GANTrainer:
    def __init__(self, generator, discriminator):
        self.fabric = Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_1")
        self.fabric.launch()
        g_opt = torch.optim.Adam(generator.parameters(), lr=1e-4, betas=(0.0, 0.9))
        d_opt = torch.optim.Adam(discriminator.parameters(), lr=4e-4, betas=(0.0, 0.9))
        self.generator, self.g_opt = self.fabric.setup(generator, g_opt)
        self.discriminator, self.d_opt = self.fabric.setup(discriminator, d_opt)

    def training_step(self, real, z):
        fake = self.generator(z)
        d_loss = torch.relu(1 - self.discriminator(real)).mean() + torch.relu(1 + self.discriminator(fake.detach())).mean()
        self.fabric.backward(d_loss, model=self.discriminator)
        g_loss = -self.discriminator(fake).mean()
        self.fabric.backward(g_loss, model=self.generator)
        self.d_opt.step()
        self.g_opt.step()
        self.d_opt.zero_grad()
        self.g_opt.zero_grad()
        return d_loss.detach(), g_loss.detach()
