"""A tiny GAN on DeepSpeed: two set-up models, and fabric.backward() is not told which."""
import torch
from torch import nn
import lightning as L

fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
fabric.launch()

generator = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 8))
discriminator = nn.Sequential(nn.Linear(8, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4)
opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4)
generator, opt_g = fabric.setup(generator, opt_g)
discriminator, opt_d = fabric.setup(discriminator, opt_d)
bce = nn.BCEWithLogitsLoss()

for step in range(3):
    real = torch.randn(6, 8)
    fake = generator(torch.randn(6, 4))

    opt_d.zero_grad()
    loss_d = bce(discriminator(real), torch.ones(6, 1)) + bce(discriminator(fake.detach()), torch.zeros(6, 1))
    fabric.backward(loss_d)
    opt_d.step()

    opt_g.zero_grad()
    loss_g = bce(discriminator(fake), torch.ones(6, 1))
    fabric.backward(loss_g)
    opt_g.step()
    fabric.print(f"step {step}: d={loss_d.item():.3f} g={loss_g.item():.3f}")
