"""A GAN on DeepSpeed stepping both optimizers at the end, with a logging branch and a helper of
the file between: D's step comes after G's backward, so LightningLite steps G's engine for it."""
import torch
import torch.nn.functional as F
from pytorch_lightning.lite import LightningLite

history = []


def log_losses(step, d_loss, g_loss):
    history.append((step, d_loss, g_loss))


class GAN(LightningLite):
    def run(self):
        netG = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.ReLU(), torch.nn.Linear(16, 8))
        netD = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 1))
        optG = torch.optim.Adam(netG.parameters(), lr=1e-3)
        optD = torch.optim.Adam(netD.parameters(), lr=1e-3)
        netG, optG = self.setup(netG, optG)
        netD, optD = self.setup(netD, optD)
        for step in range(4):
            real = torch.randn(16, 8)
            fake = netG(torch.randn(16, 4))
            optD.zero_grad()
            errD = F.softplus(-netD(real)).mean() + F.softplus(netD(fake.detach())).mean()
            self.backward(errD, model=netD)
            optG.zero_grad()
            errG = F.softplus(-netD(fake)).mean()
            if step % 2 == 0:
                log_losses(step, errD.item(), errG.item())
            self.backward(errG, model=netG)
            optD.step()
            optG.step()
        assert len(history) == 2, history


if __name__ == "__main__":
    GAN(accelerator="cuda", devices=2, strategy="deepspeed_stage_2").run()
