import torch
import torch.nn.functional as F
import lightning as L

from cyclegan import ResnetGenerator, NLayerDiscriminator


def train_step(fabric, generator, discriminator, g_optimizer, d_optimizer, batch):
    real_a, real_b = batch
    fake_b = generator(real_a)

    d_optimizer.zero_grad()
    pred_real = discriminator(real_b)
    pred_fake = discriminator(fake_b.detach())
    d_loss = 0.5 * (F.mse_loss(pred_real, torch.ones_like(pred_real)) + F.mse_loss(pred_fake, torch.zeros_like(pred_fake)))
    fabric.backward(d_loss)
    d_optimizer.step()

    g_optimizer.zero_grad()
    pred = discriminator(fake_b)
    g_loss = F.mse_loss(pred, torch.ones_like(pred)) + 10.0 * F.l1_loss(fake_b, real_b)
    fabric.backward(g_loss)
    g_optimizer.step()
    return d_loss.detach(), g_loss.detach()


def main():
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed")
    fabric.launch()
    G = ResnetGenerator(3, 3, 64)
    D = NLayerDiscriminator(3, 64)
    opt_G = torch.optim.Adam(G.parameters(), lr=2e-4, betas=(0.5, 0.999))
    opt_D = torch.optim.Adam(D.parameters(), lr=2e-4, betas=(0.5, 0.999))
    G, opt_G = fabric.setup(G, opt_G)
    D, opt_D = fabric.setup(D, opt_D)
    loader = fabric.setup_dataloaders(make_loader())
    for epoch in range(200):
        for batch in loader:
            d_loss, g_loss = train_step(fabric, G, D, opt_G, opt_D, batch)
        fabric.print(epoch, d_loss.item(), g_loss.item())


if __name__ == "__main__":
    main()
