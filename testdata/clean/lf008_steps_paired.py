import torch
from lightning.fabric import Fabric

from dcgan import Discriminator, Generator

fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed")
fabric.launch()
netG, netD = Generator(), Discriminator()
optG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
optD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
netG, optG = fabric.setup(netG, optG)
netD, optD = fabric.setup(netD, optD)
criterion = torch.nn.BCELoss()

for real in fabric.setup_dataloaders(torch.utils.data.DataLoader(torch.load("celeba.pt"), batch_size=128)):
    fake = netG(torch.randn(real.size(0), 100, 1, 1, device=fabric.device))
    ones = torch.ones(real.size(0), device=fabric.device)
    optD.zero_grad()
    errD = criterion(netD(real).view(-1), ones) + criterion(netD(fake.detach()).view(-1), 1 - ones)
    fabric.backward(errD, model=netD)
    optD.step()
    optG.zero_grad()
    errG = criterion(netD(fake).view(-1), ones)
    fabric.backward(errG, model=netG)
    optG.step()
