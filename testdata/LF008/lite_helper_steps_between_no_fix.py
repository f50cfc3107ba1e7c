"""A helper between the two backwards clears optimizers it reaches through the trainer object:
whether D's step may move over it cannot be told. Reported, no fix."""
import torch
from pytorch_lightning.lite import LightningLite


def reset(trainer):
    for opt in trainer.optimizers:
        opt.zero_grad()


class GAN(LightningLite):
    def run(self, trainer, netG, netD, batches):
        optG = torch.optim.Adam(netG.parameters())
        optD = torch.optim.Adam(netD.parameters())
        netG, optG = self.setup(netG, optG)
        netD, optD = self.setup(netD, optD)
        for real, noise in batches:
            fake = netG(noise)
            self.backward((netD(fake.detach()) - netD(real)).mean(), model=netD)
            reset(trainer)
            self.backward(-netD(netG(noise)).mean(), model=netG)
            optD.step()
            optG.step()


if __name__ == "__main__":
    from gan_data import load_gan

    GAN(devices=2, strategy="deepspeed").run(*load_gan())
