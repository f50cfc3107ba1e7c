"""Under DDP each optimizer steps its own parameters: stepping both at the end is fine."""

import torch
from lightning.fabric import Fabric

from dcgan import Discriminator, Generator

fabric = Fabric(accelerator="cuda", devices=2, strategy="ddp")
fabric.launch()
netG, netD = Generator(), Discriminator()
optG = torch.optim.Adam(netG.parameters(), lr=2e-4)
optD = torch.optim.Adam(netD.parameters(), lr=2e-4)
netG, optG = fabric.setup(netG, optG)
netD, optD = fabric.setup(netD, optD)
for real in fabric.setup_dataloaders(torch.utils.data.DataLoader(torch.load("celeba.pt"), batch_size=64)):
    fake = netG(torch.randn(real.size(0), 100, 1, 1, device=fabric.device))
    errD = -(torch.log(netD(real)) + torch.log(1 - netD(fake.detach()))).mean()
    fabric.backward(errD, model=netD)
    errG = -torch.log(netD(fake)).mean()
    fabric.backward(errG, model=netG)
    optD.step()
    optG.step()
