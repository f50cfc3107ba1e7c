import torch
import lightning as L

from taming.models import VQModel, NLayerDiscriminator
from lpips import LPIPS


def hinge_d_loss(logits_real, logits_fake):
    return 0.5 * (torch.relu(1.0 - logits_real).mean() + torch.relu(1.0 + logits_fake).mean())


def train(fabric, loader, disc_start=10_000):
    vq, disc = VQModel(embed_dim=256, n_embed=1024), NLayerDiscriminator(input_nc=3)
    perceptual = LPIPS(net="vgg").eval()
    opt_ae = torch.optim.Adam(vq.parameters(), lr=4.5e-6, betas=(0.5, 0.9))
    opt_disc = torch.optim.Adam(disc.parameters(), lr=4.5e-6, betas=(0.5, 0.9))
    vq, opt_ae = fabric.setup(vq, opt_ae)
    disc, opt_disc = fabric.setup(disc, opt_disc)
    perceptual = fabric.setup_module(perceptual)

    for step, x in enumerate(fabric.setup_dataloaders(loader)):
        xrec, qloss = vq(x)
        rec = (x - xrec).abs().mean() + perceptual(x, xrec).mean()
        g_loss = -disc(xrec).mean() if step >= disc_start else torch.zeros((), device=fabric.device)
        ae_loss = rec + qloss.mean() + 0.8 * g_loss
        opt_ae.zero_grad()
        fabric.backward(ae_loss)
        opt_ae.step()

        if step >= disc_start:
            d_loss = hinge_d_loss(disc(x), disc(xrec.detach()))
            opt_disc.zero_grad()
            fabric.backward(d_loss)
            opt_disc.step()


if __name__ == "__main__":
    fabric = L.Fabric(accelerator="cuda", devices=8, strategy="deepspeed_stage_2")
    fabric.launch(train, loader=None)
