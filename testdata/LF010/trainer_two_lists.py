import torch
import torch.nn.functional as F
from pytorch_lightning import LightningModule, Trainer


class WGAN(LightningModule):
    def __init__(self, generator, critic, lr: float = 1e-4):
        super().__init__()
        self.generator = generator
        self.critic = critic
        self.lr = lr
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt_g, opt_c = self.optimizers()
        fake = self.generator(torch.randn(batch.size(0), 128, device=self.device))
        loss_c = self.critic(fake.detach()).mean() - self.critic(batch).mean()
        opt_c.zero_grad()
        self.manual_backward(loss_c)
        opt_c.step()
        loss_g = -self.critic(fake).mean()
        opt_g.zero_grad()
        self.manual_backward(loss_g)
        opt_g.step()

    def configure_optimizers(self):
        opt_g = torch.optim.Adam(self.generator.parameters(), lr=self.lr, betas=(0.0, 0.9))
        opt_c = torch.optim.Adam(self.critic.parameters(), lr=self.lr, betas=(0.0, 0.9))
        return [opt_g, opt_c], []


def train(generator, critic, loader):
    trainer = Trainer(strategy="deepspeed_stage_1", devices=4, max_epochs=100)
    trainer.fit(WGAN(generator, critic), loader)
