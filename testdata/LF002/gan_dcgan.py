import torch
import torch.nn as nn
import lightning as L

from dcgan.models import Generator, Discriminator


def train(loader, epochs=5, nz=100):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2", precision="16-mixed")
    fabric.launch()

    netG = Generator(nz)
    netD = Discriminator()
    optG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
    optD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
    netG, optG = fabric.setup(netG, optG)
    netD, optD = fabric.setup(netD, optD)
    loader = fabric.setup_dataloaders(loader)
    criterion = nn.BCEWithLogitsLoss()

    for epoch in range(epochs):
        for real, _ in loader:
            b = real.size(0)
            noise = torch.randn(b, nz, 1, 1, device=fabric.device)
            fake = netG(noise)

            # (1) update D: maximize log(D(x)) + log(1 - D(G(z)))
            optD.zero_grad()
            errD_real = criterion(netD(real), torch.ones(b, device=fabric.device))
            errD_fake = criterion(netD(fake.detach()), torch.zeros(b, device=fabric.device))
            errD = errD_real + errD_fake
            fabric.backward(errD)
            optD.step()

            # (2) update G: maximize log(D(G(z)))
            optG.zero_grad()
            errG = criterion(netD(fake), torch.ones(b, device=fabric.device))
            fabric.backward(errG)
            optG.step()

        fabric.print(f"epoch {epoch}: loss_D={errD.item():.4f} loss_G={errG.item():.4f}")


if __name__ == "__main__":
    train(loader=None)
