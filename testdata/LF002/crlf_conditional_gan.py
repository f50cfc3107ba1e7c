"""Conditional GAN on MNIST, written on Windows."""
import torch
from torch import nn
from lightning.fabric import Fabric as F

from cgan import CondGenerator, CondDiscriminator


def main():
    fabric = F(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    gen_net, disc_net = CondGenerator(n_classes=10), CondDiscriminator(n_classes=10)
    opt_gen = torch.optim.Adam(gen_net.parameters(), lr=2e-4)
    opt_disc = torch.optim.Adam(disc_net.parameters(), lr=2e-4)
    gen_net, opt_gen = fabric.setup(gen_net, opt_gen)
    disc_net, opt_disc = fabric.setup(disc_net, opt_disc)
    bce = nn.BCEWithLogitsLoss()

    for imgs, labels in fabric.setup_dataloaders(get_mnist()):
        z = torch.randn(imgs.size(0), 100, device=fabric.device)
        fake = gen_net(z, labels)
        ones = torch.ones(imgs.size(0), 1, device=fabric.device)
        zeros = torch.zeros_like(ones)

        opt_disc.zero_grad()
        d_loss = bce(disc_net(imgs, labels), ones) + bce(disc_net(fake.detach(), labels), zeros)
        fabric.backward(d_loss)
        opt_disc.step()

        opt_gen.zero_grad()
        g_loss = bce(disc_net(fake, labels), ones)
        fabric.backward(g_loss)
        opt_gen.step()


if __name__ == "__main__":
    main()
