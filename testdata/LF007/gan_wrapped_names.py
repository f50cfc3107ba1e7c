import torch
from lightning.fabric import Fabric

from models import Discriminator, Generator

fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed")
fabric.launch()
generator, discriminator = Generator(), Discriminator()
opt_g = torch.optim.Adam(generator.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4, betas=(0.5, 0.999))
g, opt_g = fabric.setup(generator, opt_g)
d, opt_d = fabric.setup(discriminator, opt_d)
criterion = torch.nn.BCEWithLogitsLoss()
loader = fabric.setup_dataloaders(torch.utils.data.DataLoader(torch.load("faces.pt"), batch_size=64))

for real in loader:
    z = torch.randn(real.size(0), 128, device=fabric.device)
    fake = g(z)
    loss_d = criterion(d(real), torch.ones(real.size(0), 1, device=fabric.device)) + criterion(
        d(fake.detach()), torch.zeros(real.size(0), 1, device=fabric.device)
    )
    opt_d.zero_grad()
    fabric.backward(loss_d, model=discriminator)
    opt_d.step()
    loss_g = criterion(d(fake), torch.ones(real.size(0), 1, device=fabric.device))
    opt_g.zero_grad()
    fabric.backward(loss_g, model=generator)
    opt_g.step()
