"""D's score is kept in a list and only an item of the list is written after D's
backward: the list still holds the graph through D. Reported, no fix."""
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
            store = [netD(fake), None]
            errD = (netD(fake.detach()) - netD(real)).mean()
            self.backward(errD, model=netD)
            store[1] = real.sum()
            errG = -store[0].mean()
            self.backward(errG, model=netG)
            optD.step()
            optG.step()


GAN(devices=2, strategy="deepspeed").run(torch.nn.Linear(4, 8), torch.nn.Linear(8, 1), [])
