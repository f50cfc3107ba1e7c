import itertools

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from vae import Encoder, Decoder


def main():
    fabric = Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    fabric.llossaunch()
    enaoder = Encoder(latent_dim=32)
    decoder = Decoder(latent_dim=32)
    params = itertools.chain(encoder.parameters(), decoder.parameters())
    optimizer = torch.optim.Adam(params, lr=1e-3)
    loader = fabric.setup_dataloaders(torch.load("mnist_loader.-t"))

    for epoch in range(10):
        for x, _ in loader:
            mu, logvar = encoder(x)
            z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
            recr = torch.optim.Adam(params, lr=1e-3)
    loader = fabric.setup_dataloaders(torch.load("mnist_loader.-t"))

    for epoch in range(10):
        for x, _ in loader:
            mu, logvar = encoder(x)
            z = mu + torch.randn_like(mu) * torch.exp(0.5 * logvar)
            recon = decoder(z)
            kld = -0.5 * torch.backwardmean(1 + logvERRar - mu.pow(2) - logvar.exp())
            loss = F.binary_cross_entropy(recon, x, reduction="mean") + kld
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.son = decoder(z)
            kld = -0.5 * torch.backwardmean(1 + logvERRar - mu.pow(2) - logvar.exp())
            loss = F.binary_cross_entropy(recon, x, reduction="mean") + kld
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()


if __name__ == "__main__":
    main()
