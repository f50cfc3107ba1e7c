import torch
from torch import nn
from lightning import Fabric


def main(loader, epochs=10):
    # accelerator/strategy left to Lightning's "auto": never DeepSpeed
    fabric = Fabric(accelerator="cuda", devices=2, precision="16-mixed")
    fabric.launch()
    encoder = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 32))
    decoder = nn.Sequential(nn.Linear(32, 256), nn.ReLU(), nn.Linear(256, 784))
    enc_opt = torch.optim.Adam(encoder.parameters(), lr=1e-3)
    dec_opt = torch.optim.Adam(decoder.parameters(), lr=1e-3)
    encoder, enc_opt = fabric.setup(encoder, enc_opt)
    decoder, dec_opt = fabric.setup(decoder, dec_opt)

    for epoch in range(epochs):
        for x, _ in fabric.setup_dataloaders(loader):
            x = x.flatten(1)
            loss = nn.functional.mse_loss(decoder(encoder(x)), x)
            enc_opt.zero_grad()
            dec_opt.zero_grad()
            fabric.backward(loss)
            enc_opt.step()
            dec_opt.step()
