"""Under no_grad only a name is unpacked: it still holds the graph through D computed
before. Reported, no fix."""
import torch
from pytorch_lightning.lite import LightningLite


class GAN(LightningLite):
    def run(self, netG, netD, batches):
        optG = torch.optim.Adam(netG.parameters())
        optD = torch.optim.Adam(netD.parameters())
        netG, optG = self.setup(netG, optG)
        netD, optD = self.setup(netD, optD)
        for real, noise in batches:
            fake = netG(noise)
            pair = (netD(fake), netD(real))
            with torch.no_grad():
                d_fake, d_real = pair
            errD = (netD(fake.detach()) - netD(real)).mean()
            self.backward(errD, model=netD)
            errG = -d_fake.mean()
            self.backward(errG, model=netG)
            optD.step()
            optG.step()


GAN(devices=2, strategy="deepspeed").run(torch.nn.Linear(4, 8), torch.nn.Linear(8, 1), [])
