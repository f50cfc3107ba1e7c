import torch
import torch.nn.functional as F
import lightning as L

from vae import ConvEncoder, ConvDecoder


def step_all(optimizers):
    for opt in optimizers:
        opt.step()
        opt.zero_grad(set_to_none=True)


def main(loader, epochs=50, beta=4.0):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    fabric.launch()

    encoder, decoder = ConvEncoder(latent=32), ConvDecoder(latent=32)
    enc_opt = torch.optim.Adam(encoder.parameters(), lr=1e-3)
    dec_opt = torch.optim.Adam(decoder.parameters(), lr=1e-3)
    encoder, enc_opt = fabric.setup(encoder, enc_opt)
    decoder, dec_opt = fabric.setup(decoder, dec_opt)
    loader = fabric.setup_dataloaders(loader)

    for epoch in range(epochs):
        for x in loader:
            mu, logvar = encoder(x)
            z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
            recon = decoder(z)
            kl = -0.5 * torch.mean(1 + logvar - mu.pow(2) - logvar.exp())
            loss = F.binary_cross_entropy_with_logits(recon, x) + beta * kl
            # one loss through both networks: no single model= is right here
            fabric.backward(loss)
            step_all([enc_opt, dec_opt])
