"""A helper between the two backwards clears optimizers it reaches through the trainer object:
whether D's step may move over it cannot be told. Reported, no fix."""
import torch
from lightning.fabric import Fabric


def reset(trainer):
    for opt in trainer.optimizers:
        opt.zero_grad()


def fit(trainer, netG, netD, batches):
    fabric = Fabric(devices=2, strategy="deepspeed")
    fabric.launch()
    optG = torch.optim.Adam(netG.parameters())
    optD = torch.optim.Adam(netD.parameters())
    netG, optG = fabric.setup(netG, optG)
    netD, optD = fabric.setup(netD, optD)
    for real, noise in batches:
        fake = netG(noise)
        fabric.backward((netD(fake.detach()) - netD(real)).mean(), model=netD)
        reset(trainer)
        fabric.backward(-netD(netG(noise)).mean(), model=netG)
        optD.step()
        optG.step()
