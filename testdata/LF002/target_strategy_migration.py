# args: --target-strategy deepspeed
import torch
import torch.nn.functional as F
from lightning import Fabric

from seg import UNet, BoundaryRefiner


def main(loader, epochs=40):
    fabric = Fabric(accelerator="cuda", devices=4, precision="16-mixed")
    fabric.launch()

    unet = UNet(in_ch=3, n_classes=21)
    refiner = BoundaryRefiner(n_classes=21)
    unet_opt = torch.optim.SGD(unet.parameters(), lr=0.01, momentum=0.9)
    ref_opt = torch.optim.Adam(refiner.parameters(), lr=1e-4)
    unet, unet_opt = fabric.setup(unet, unet_opt)
    refiner, ref_opt = fabric.setup(refiner, ref_opt)

    for epoch in range(epochs):
        for image, mask in fabric.setup_dataloaders(loader):
            coarse = unet(image)
            seg_loss = F.cross_entropy(coarse, mask)
            unet_opt.zero_grad()
            fabric.backward(seg_loss)
            unet_opt.step()

            refined = refiner(image, coarse.detach())
            ref_loss = F.cross_entropy(refined, mask)
            ref_opt.zero_grad()
            fabric.backward(ref_loss)
            ref_opt.step()


if __name__ == "__main__":
    main(loader=None)
