"""Deploy and train with our in-house `fabric` helper (not Lightning's)."""
import torch
import torch.nn.functional as F

from infra.fabric import Fabric  # our cluster wrapper, unrelated to Lightning


def main(loader):
    fabric = Fabric(strategy="deepspeed_stage_2", hosts=["gpu01", "gpu02"])
    gen, disc = torch.nn.Linear(64, 784), torch.nn.Linear(784, 1)
    gen, g_opt = fabric.setup(gen, torch.optim.Adam(gen.parameters()))
    disc, d_opt = fabric.setup(disc, torch.optim.Adam(disc.parameters()))
    for real in loader:
        fake = gen(torch.randn(real.size(0), 64))
        d_loss = F.softplus(disc(fake.detach())).mean() + F.softplus(-disc(real)).mean()
        d_opt.zero_grad()
        fabric.backward(d_loss)
        d_opt.step()

        g_loss = F.softplus(-disc(fake)).mean()
        g_opt.zero_grad()
        fabric.backward(g_loss)
        g_opt.step()
