import torch
import torch.nn.functional as F
from lightning_fabric import Fabric
from lightning_fabric.strategies import DeepSpeedStrategy

from common.loops import BaseLoop


class AdversarialAutoencoderLoop(BaseLoop):
    def __init__(self, autoencoder, prior_disc, cfg):
        super().__init__(cfg)
        self.fabric = Fabric(accelerator="cuda", devices=cfg.devices, strategy=DeepSpeedStrategy(stage=2))
        self.fabric.launch()
        ae_opt = torch.optim.Adam(autoencoder.parameters(), lr=cfg.lr)
        disc_opt = torch.optim.Adam(prior_disc.parameters(), lr=cfg.lr / 5)
        self.autoencoder, self.ae_opt = self.fabric.setup(autoencoder, ae_opt)
        self.prior_disc, self.disc_opt = self.fabric.setup(prior_disc, disc_opt)

    def discriminator_step(self, x):
        with torch.no_grad():
            z_fake = self.autoencoder.encode(x)
        z_real = torch.randn_like(z_fake)
        logits_real, logits_fake = self.prior_disc(z_real), self.prior_disc(z_fake)
        loss = F.binary_cross_entropy_with_logits(logits_real, torch.ones_like(logits_real)) + \
            F.binary_cross_entropy_with_logits(logits_fake, torch.zeros_like(logits_fake))
        self.disc_opt.zero_grad()
        self.fabric.backward(loss)
        self.disc_opt.step()
        return loss

    def autoencoder_step(self, x):
        z = self.autoencoder.encode(x)
        recon = self.autoencoder.decode(z)
        logits = self.prior_disc(z)
        loss = F.mse_loss(recon, x) + 0.1 * F.binary_cross_entropy_with_logits(logits, torch.ones_like(logits))
        self.ae_opt.zero_grad()
        self.fabric.backward(loss)
        self.ae_opt.step()
        return loss

    def run_epoch(self, loader):
        for x in self.fabric.setup_dataloaders(loader):
            self.discriminator_step(x)
            self.autoencoder_step(x)
