import torch
import torch.nn as nn
from pytorch_lightning.lite import LightningLite

from dcgan import Discriminator, Generator


class DCGAN(LightningLite):
    def run(self):
        netG, netD = Generator(), Discriminator()
        optG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
        optD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
        netG, optG = self.setup(netG, optG)
        netD, optD = self.setup(netD, optD)
        criterion = nn.BCELoss()

        for real in self.setup_dataloaders(torch.utils.data.DataLoader(torch.load("celeba.pt"), batch_size=64)):
            fake = netG(torch.randn(real.size(0), 100, 1, 1, device=self.device))
            ones = torch.ones(real.size(0), device=self.device)
            zeros = torch.zeros(real.size(0), device=self.device)
            optD.zero_grad()
            optG.zero_grad()
            # Both losses first: G's goes through D, so stepping D before its
            # backward would change weights that graph still needs.
            errD = criterion(netD(real).view(-1), ones) + criterion(netD(fake.detach()).view(-1), zeros)
            errG = criterion(netD(fake).view(-1), ones)
            self.backward(errD, model=netD)
            self.backward(errG, model=netG)
            optD.step()
            optG.step()


DCGAN(accelerator="cuda", devices=8, strategy="deepspeed_stage_2").run()
