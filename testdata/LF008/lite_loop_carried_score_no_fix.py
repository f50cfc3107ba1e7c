"""G's loss reads D's score of the previous iteration, computed through D after D's step: moving
D's step up would change D's weights under that graph before G's backward. Reported, no fix."""
import torch
from pytorch_lightning.lite import LightningLite


class GAN(LightningLite):
    def run(self, netG, netD, batches):
        optG = torch.optim.Adam(netG.parameters())
        optD = torch.optim.Adam(netD.parameters())
        netG, optG = self.setup(netG, optG)
        netD, optD = self.setup(netD, optD)
        last_score = None
        for real, noise in batches:
            fake = netG(noise)
            errD = (netD(fake.detach()) - netD(real)).mean()
            self.backward(errD, model=netD)
            errG = -netD(fake).mean()
            if last_score is not None:
                errG = errG + 0.1 * last_score
            self.backward(errG, model=netG)
            optD.step()
            optG.step()
            last_score = netD(fake).mean()


if __name__ == "__main__":
    from gan_data import load_gan

    GAN(devices=2, strategy="deepspeed").run(*load_gan())
