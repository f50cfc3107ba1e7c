import lightning as L
import torch

from dcgan import Discriminator, Generator

fabric = L.Fabric(strategy="ddp", devices=2)
fabric.launch()
generator, discriminator = Generator(), Discriminator()
opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4)
opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4)
generator, opt_g = fabric.setup(generator, opt_g)
discriminator, opt_d = fabric.setup(discriminator, opt_d)
