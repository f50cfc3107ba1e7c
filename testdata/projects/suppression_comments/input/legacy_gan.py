# lightfix: skip-file
# Kept as it was to reproduce the numbers of the 2022 report; not maintained.
import torch
import lightning as L

from gan_parts import Generator, Discriminator, batches

fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
fabric.launch()
G, D = Generator(), Discriminator()
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
bce = torch.nn.BCEWithLogitsLoss()
for real in batches("data/celeba", batch_size=128):
    fake = G(torch.randn(real.size(0), 100, device=fabric.device))
    loss_d = bce(D(real), torch.ones(real.size(0), 1)) + bce(D(fake.detach()), torch.zeros(real.size(0), 1))
    opt_d.zero_grad()
    fabric.backward(loss_d)
    opt_d.step()
    loss_g = bce(D(fake), torch.ones(real.size(0), 1))
    opt_g.zero_grad()
    fabric.backward(loss_g)
    opt_g.step()
