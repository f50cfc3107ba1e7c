import torch
import torch.nn as nn
import lightning as L

from dcgan.models import Generator, Discriminator


def train(loader, epochs=5, nz=100):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    fabric.launch()
    netG, netD = Generator(nz), Discriminator()
    optG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
    optD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
    netG, optG = fabric.setup(netG, optG)
    netD, optD = fabric.setup(netD, optD)
    criterion = nn.BCEWithLogitsLoss()

    for epoch in range(epochs):
        for real, _ in fabric.setup_dataloaders(loader):
            b = real.size(0)
            fake = netG(torch.randn(b, nz, 1, 1, device=fabric.device))

            optD.zero_grad()
            errD = criterion(netD(real), torch.ones(b, device=fabric.device)) + criterion(
                netD(fake.detach()), torch.zeros(b, device=fabric.device)
            )
            fabric.backward(errD, model=netD)
            optD.step()

            optG.zero_grad()
            errG = criterion(netD(fake), torch.ones(b, device=fabric.device))
            fabric.backward(
                errG,
                model=netG,
            )
            optG.step()
