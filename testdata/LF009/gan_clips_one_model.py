"""A GAN clips only its discriminator: the config line would clip the generator too, so no fix."""
import torch
import lightning as L

fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
fabric.launch()
gen, disc = torch.nn.Linear(8, 8), torch.nn.Linear(8, 1)
opt_g = torch.optim.Adam(gen.parameters())
opt_d = torch.optim.Adam(disc.parameters())
gen, opt_g = fabric.setup(gen, opt_g)
disc, opt_d = fabric.setup(disc, opt_d)
for _ in range(2):
    x = torch.randn(4, 8, device=fabric.device)
    d_loss = disc(gen(x).detach()).mean()
    fabric.backward(d_loss, model=disc)
    fabric.clip_gradients(disc, opt_d, max_norm=1.0)  # only the discriminator is clipped
    opt_d.step()
    opt_d.zero_grad()
    g_loss = -disc(gen(x)).mean()
    fabric.backward(g_loss, model=gen)
    opt_g.step()
    opt_g.zero_grad()
