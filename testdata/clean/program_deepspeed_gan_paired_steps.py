"""A GAN on DeepSpeed done right: each backward names its model, each step follows its own backward."""
import torch
from torch import nn
import lightning as L

fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
fabric.launch()
generator = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 8))
discriminator = nn.Sequential(nn.Linear(8, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1))
generator, opt_g = fabric.setup(generator, torch.optim.Adam(generator.parameters(), lr=2e-4))
discriminator, opt_d = fabric.setup(discriminator, torch.optim.Adam(discriminator.parameters(), lr=2e-4))
bce = nn.BCEWithLogitsLoss()
for step in range(3):
    real, fake = torch.randn(6, 8), generator(torch.randn(6, 4))
    opt_d.zero_grad()
    loss_d = bce(discriminator(real), torch.ones(6, 1)) + bce(discriminator(fake.detach()), torch.zeros(6, 1))
    fabric.backward(loss_d, model=discriminator)
    opt_d.step()
    opt_g.zero_grad()
    loss_g = bce(discriminator(fake), torch.ones(6, 1))
    fabric.backward(loss_g, model=generator)
    opt_g.step()
