"""A helper of the file that runs no backward sits between G's backward and D's step: the step
still follows G's backward."""
import torch
from lightning.fabric import Fabric


def record(fabric, name, loss):
    fabric.log(name, loss.item())


def fit(netG, netD, loader, criterion):
    fabric = Fabric(devices=4, strategy="deepspeed_stage_2")
    fabric.launch()
    optG = torch.optim.Adam(netG.parameters(), lr=2e-4)
    optD = torch.optim.Adam(netD.parameters(), lr=2e-4)
    netG, optG = fabric.setup(netG, optG)
    netD, optD = fabric.setup(netD, optD)
    for real, noise in fabric.setup_dataloaders(loader):
        fake = netG(noise)
        optD.zero_grad()
        optG.zero_grad()
        errD = criterion(netD(real), 1.0) + criterion(netD(fake.detach()), 0.0)
        fabric.backward(errD, model=netD)
        errG = criterion(netD(fake), 1.0)
        fabric.backward(errG, model=netG)
        record(fabric, "loss_g", errG)
        optD.step()
        optG.step()
