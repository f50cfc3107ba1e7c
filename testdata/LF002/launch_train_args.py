import torch
from torch import nn
from lightning.fabric import Fabric


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(3, 64, 4, 2, 1), nn.ReLU(), nn.Conv2d(64, 128, 4, 2, 1))

    def forward(self, x):
        return self.net(x)


def train(fabric, encoder, projector, loader, lr=3e-4):
    enc_opt = torch.optim.Adam(encoder.parameters(), lr=lr)
    proj_opt = torch.optim.Adam(projector.parameters(), lr=lr * 10)
    encoder, enc_opt = fabric.setup(encoder, enc_opt)
    projector, proj_opt = fabric.setup(projector, proj_opt)
    loader = fabric.setup_dataloaders(loader)

    for x1, x2 in loader:
        # warm up the projector on frozen features
        with torch.no_grad():
            h1, h2 = encoder(x1), encoder(x2)
        proj_loss = nn.functional.cosine_embedding_loss(
            projector(h1.flatten(1)), projector(h2.flatten(1)), torch.ones(x1.size(0), device=fabric.device)
        )
        proj_opt.zero_grad()
        fabric.backward(proj_loss)
        proj_opt.step()

        # then the encoder through the frozen projector
        enc_loss = -nn.functional.cosine_similarity(projector(encoder(x1).flatten(1)), h2.flatten(1)).mean()
        enc_opt.zero_grad()
        fabric.backward(enc_loss)
        enc_opt.step()


if __name__ == "__main__":
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch(train, Encoder(), nn.Linear(128 * 8 * 8, 256), loader=None)
