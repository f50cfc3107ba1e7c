"""G's loss reads D's score of the previous iteration, computed through D after D's step: moving
D's step up would change D's weights under that graph before G's backward. Reported, no fix."""
import torch
from lightning.fabric import Fabric


def fit(netG, netD, batches):
    fabric = Fabric(devices=2, strategy="deepspeed")
    fabric.launch()
    optG = torch.optim.Adam(netG.parameters())
    optD = torch.optim.Adam(netD.parameters())
    netG, optG = fabric.setup(netG, optG)
    netD, optD = fabric.setup(netD, optD)
    last_score = None
    for real, noise in batches:
        fake = netG(noise)
        errD = (netD(fake.detach()) - netD(real)).mean()
        fabric.backward(errD, model=netD)
        errG = -netD(fake).mean()
        if last_score is not None:
            errG = errG + 0.1 * last_score
        fabric.backward(errG, model=netG)
        optD.step()
        optG.step()
        last_score = netD(fake).mean()
