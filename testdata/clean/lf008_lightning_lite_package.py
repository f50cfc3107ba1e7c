"""lightning_lite (Lightning 1.8 and 1.9) already steps each optimizer's own DeepSpeed optimizer:
stepping both at the end is not LF008."""
import torch
import torch.nn as nn
from lightning_lite import LightningLite

from dcgan import Discriminator, Generator


class DCGAN(LightningLite):
    def run(self):
        netG, netD = Generator(), Discriminator()
        optG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
        optD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
        netG, optG = self.setup(netG, optG)
        netD, optD = self.setup(netD, optD)
        criterion = nn.BCELoss()
        dataloader = self.setup_dataloaders(torch.utils.data.DataLoader(torch.load("celeba.pt"), batch_size=128))

        for real in dataloader:
            noise = torch.randn(real.size(0), 100, 1, 1, device=self.device)
            fake = netG(noise)
            ones = torch.ones(real.size(0), device=self.device)
            zeros = torch.zeros(real.size(0), device=self.device)

            optD.zero_grad()
            optG.zero_grad()
            errD = criterion(netD(real).view(-1), ones) + criterion(netD(fake.detach()).view(-1), zeros)
            self.backward(errD, model=netD)
            errG = criterion(netD(fake).view(-1), ones)
            self.backward(errG, model=netG)
            # Both updates at the end, as the DDP version of this script did.
            optD.step()
            optG.step()


DCGAN(accelerator="cuda", devices=2, strategy="deepspeed_stage_2").run()
