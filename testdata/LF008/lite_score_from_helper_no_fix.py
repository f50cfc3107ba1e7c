"""D's score on the fakes comes from a method of the class that calls D: the value went
through D before D's backward. Reported, no fix."""
import torch
from pytorch_lightning.lite import LightningLite


class GAN(LightningLite):
    def judge(self, x):
        return self.netD(x)

    def run(self, netG, netD, batches):
        optG = torch.optim.Adam(netG.parameters())
        optD = torch.optim.Adam(netD.parameters())
        netG, optG = self.setup(netG, optG)
        self.netD, optD = self.setup(netD, optD)
        for real, noise in batches:
            fake = netG(noise)
            d_on_fake = self.judge(fake)
            errD = (self.netD(fake.detach()) - self.netD(real)).mean()
            self.backward(errD, model=self.netD)
            errG = -d_on_fake.mean()
            self.backward(errG, model=netG)
            optD.step()
            optG.step()


GAN(devices=2, strategy="deepspeed").run(torch.nn.Linear(4, 8), torch.nn.Linear(8, 1), [])
