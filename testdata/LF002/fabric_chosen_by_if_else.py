"""A GAN whose Fabric runs DeepSpeed or DDP by a flag: on DeepSpeed, backward needs model=."""
import sys

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy


def train(use_deepspeed):
    if use_deepspeed:
        fabric = Fabric(accelerator="cuda", devices=2, strategy=DeepSpeedStrategy(stage=2))
    else:
        fabric = Fabric(accelerator="cuda", devices=2, strategy="ddp")
    fabric.launch()
    generator = torch.nn.Linear(4, 4)
    discriminator = torch.nn.Linear(4, 1)
    generator, opt_g = fabric.setup(generator, torch.optim.Adam(generator.parameters()))
    discriminator, opt_d = fabric.setup(discriminator, torch.optim.Adam(discriminator.parameters()))
    for _ in range(2):
        loss_d = discriminator(generator(torch.randn(8, 4))).mean()
        opt_d.zero_grad()
        fabric.backward(loss_d)
        opt_d.step()


if __name__ == "__main__":
    train("--ddp" not in sys.argv)
