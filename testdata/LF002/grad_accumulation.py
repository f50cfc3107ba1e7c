import torch
from lightning.fabric import Fabric

from stylegan2 import Generator, Discriminator, d_logistic_loss, g_nonsaturating_loss

ACCUM = 4


def main(loader):
    fabric = Fabric(accelerator="cuda", devices=8, strategy="deepspeed_stage_2", precision="bf16-mixed")
    fabric.launch()
    g, d = Generator(size=256, style_dim=512), Discriminator(size=256)
    g_optim = torch.optim.Adam(g.parameters(), lr=2e-3, betas=(0, 0.99))
    d_optim = torch.optim.Adam(d.parameters(), lr=2e-3, betas=(0, 0.99))
    g, g_optim = fabric.setup(g, g_optim)
    d, d_optim = fabric.setup(d, d_optim)

    for i, real in enumerate(fabric.setup_dataloaders(loader)):
        is_step = (i + 1) % ACCUM == 0
        noise = torch.randn(real.size(0), 512, device=fabric.device)

        d_loss = d_logistic_loss(d(real), d(g(noise).detach())) / ACCUM
        fabric.backward(d_loss)
        if is_step:
            d_optim.step()
            d_optim.zero_grad()

        d.requires_grad_(False)
        g_loss = g_nonsaturating_loss(d(g(noise))) / ACCUM
        fabric.backward(g_loss)
        d.requires_grad_(True)
        if is_step:
            g_optim.step()
            g_optim.zero_grad()
