"""A GAN on DeepSpeed stepping both optimizers at the end, after G's backward. Since Lightning 1.8
(Fabric, lightning_lite) each set-up optimizer steps its own DeepSpeed optimizer, whatever backward
attached last (`_FabricOptimizer.step` steps the strategy's model only when it is `Optimizable`,
which a DeepSpeed engine is not): no LF008, and the program runs clean."""
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
        optG.zero_grad()
        errG = F.softplus(-netD(fake)).mean()
        if step % 2 == 0:
            log_losses(step, errD.item(), errG.item())
        fabric.backward(errG, model=netG)
        optD.step()
        optG.step()
    assert len(history) == 2, history


if __name__ == "__main__":
    train()
