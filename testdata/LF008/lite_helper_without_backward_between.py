"""A helper of the file that runs no backward sits between G's backward and D's step: the step
still follows G's backward."""
import torch
from pytorch_lightning.lite import LightningLite


def record(fabric, name, loss):
    fabric.log(name, loss.item())


class GAN(LightningLite):
    def run(self, netG, netD, loader, criterion):
        optG = torch.optim.Adam(netG.parameters(), lr=2e-4)
        optD = torch.optim.Adam(netD.parameters(), lr=2e-4)
        netG, optG = self.setup(netG, optG)
        netD, optD = self.setup(netD, optD)
        for real, noise in self.setup_dataloaders(loader):
            fake = netG(noise)
            optD.zero_grad()
            optG.zero_grad()
            errD = criterion(netD(real), 1.0) + criterion(netD(fake.detach()), 0.0)
            self.backward(errD, model=netD)
            errG = criterion(netD(fake), 1.0)
            self.backward(errG, model=netG)
            record(self, "loss_g", errG)
            optD.step()
            optG.step()


if __name__ == "__main__":
    from gan_data import load_gan

    GAN(devices=4, strategy="deepspeed_stage_2").run(*load_gan())
