"""LF008's fix of `lite_branch_and_helper_between`, on a Fabric: D's step moved up to right after
its own backward, over G's loss, a logging branch and a helper of the file. It must still run:
the reordering keeps autograd valid (no graph through D is built before D's step and
backpropagated after it)."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

history = []


def log_losses(step, d_loss, g_loss):
    history.append((step, d_loss, g_loss))


def train():
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    netG = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.ReLU(), torch.nn.Linear(16, 8))
    netD = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
    optG = torch.optim.Adam(netG.parameters(), lr=1e-3)
    optD = torch.optim.Adam(netD.parameters(), lr=1e-3)
    netG, optG = fabric.setup(netG, optG)
    netD, optD = fabric.setup(netD, optD)
    for step in range(4):
        real = torch.randn(16, 8)
        fake = netG(torch.randn(16, 4))
        optD.zero_grad()
        errD = F.softplus(-netD(real)).mean() + F.softplus(netD(fake.detach())).mean()
        fabric.backward(errD, model=netD)
        optD.step()
        optG.zero_grad()
        errG = F.softplus(-netD(fake)).mean()
        if step % 2 == 0:
            log_losses(step, errD.item(), errG.item())
        fabric.backward(errG, model=netG)
        optG.step()
    assert len(history) == 2, history


if __name__ == "__main__":
    train()
