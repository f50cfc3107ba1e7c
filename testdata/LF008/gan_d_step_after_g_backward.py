import torch
import torch.nn as nn
from lightning.fabric import Fabric

from dcgan import Discriminator, Generator

fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
fabric.launch()
netG, netD = Generator(), Discriminator()
optG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
optD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
netG, optG = fabric.setup(netG, optG)
netD, optD = fabric.setup(netD, optD)
criterion = nn.BCELoss()
dataloader = fabric.setup_dataloaders(torch.utils.data.DataLoader(torch.load("celeba.pt"), batch_size=128))

for real in dataloader:
    noise = torch.randn(real.size(0), 100, 1, 1, device=fabric.device)
    fake = netG(noise)
    ones = torch.ones(real.size(0), device=fabric.device)
    zeros = torch.zeros(real.size(0), device=fabric.device)

    optD.zero_grad()
    optG.zero_grad()
    errD = criterion(netD(real).view(-1), ones) + criterion(netD(fake.detach()).view(-1), zeros)
    fabric.backward(errD, model=netD)
    errG = criterion(netD(fake).view(-1), ones)
    fabric.backward(errG, model=netG)
    # Both updates at the end, as the DDP version of this script did.
    optD.step()
    optG.step()
