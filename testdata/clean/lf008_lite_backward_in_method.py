"""D's backward runs in a method of the class, right before D's step: the step follows its own
model's backward, whatever came before the method call."""
import torch
from pytorch_lightning.lite import LightningLite


class GAN(LightningLite):
    def d_backward(self, real, fake):
        self.backward((self.netD(fake.detach()) - self.netD(real)).mean(), model=self.netD)

    def run(self, netG, netD, batches):
        optG = torch.optim.Adam(netG.parameters())
        optD = torch.optim.Adam(netD.parameters())
        netG, optG = self.setup(netG, optG)
        self.netD, optD = self.setup(netD, optD)
        for real, noise in batches:
            fake = netG(noise)
            self.backward(-self.netD(fake).mean(), model=netG)
            optG.step()
            self.d_backward(real, fake)
            optD.step()


GAN(devices=2, strategy="deepspeed").run(torch.nn.Linear(4, 8), torch.nn.Linear(8, 1), [])
