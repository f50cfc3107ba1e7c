import torch
import torch.nn.functional as F
import lightning as L

STRATEGY = "ddp_find_unused_parameters_true"  # TODO: try "deepspeed_stage_2" later


def main(loader, gen, disc):
    fabric = L.Fabric(accelerator="cuda", devices=8, strategy=STRATEGY)
    fabric.launch()
    gen, g_opt = fabric.setup(gen, torch.optim.Adam(gen.parameters(), lr=1e-4))
    disc, d_opt = fabric.setup(disc, torch.optim.Adam(disc.parameters(), lr=4e-4))
    for real in fabric.setup_dataloaders(loader):
        fake = gen(torch.randn(real.size(0), 128, device=fabric.device))
        d_loss = F.relu(1 - disc(real)).mean() + F.relu(1 + disc(fake.detach())).mean()
        d_opt.zero_grad()
        fabric.backward(d_loss)
        d_opt.step()
        g_loss = -disc(fake).mean()
        g_opt.zero_grad()
        fabric.backward(g_loss)
        g_opt.step()
