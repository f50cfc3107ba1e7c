import lightning as L
import torch
from torch import nn

from dcgan import Discriminator, Generator, get_dataloader


def main():
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2", precision="bf16-mixed")
    fabric.launch()
    dataloader = fabric.setup_dataloaders(get_dataloader(batch_size=128))

    generator = Generator()
    discriminator = Discriminator()
    optimizer_g = torch.optim.Adam(generator.parameters(), lr=2e-4, betas=(0.5, 0.999))
    optimizer_d = torch.optim.Adam(discriminator.parameters(), lr=2e-4, betas=(0.5, 0.999))
    model = nn.ModuleDict({"generator": generator, "discriminator": discriminator})
    model, optimizer_g, optimizer_d = fabric.setup(model, optimizer_g, optimizer_d)
    return model, optimizer_g, optimizer_d, dataloader


if __name__ == "__main__":
    main()
