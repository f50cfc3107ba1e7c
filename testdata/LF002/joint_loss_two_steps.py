import torch
from torch import nn
from lightning.fabric import Fabric

STRATEGY = "deepspeed"


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(784, 512), nn.GELU(), nn.Linear(512, 256))

    def forward(self, x):
        return self.layers(x.flatten(1))


def main(loader):
    fabric = Fabric(accelerator="cuda", devices=2, strategy=STRATEGY)
    fabric.launch()
    backbone, head = Backbone(), nn.Linear(256, 10)
    opt_backbone = torch.optim.AdamW(backbone.parameters(), lr=1e-4)
    opt_head = torch.optim.AdamW(head.parameters(), lr=1e-3)
    backbone, opt_backbone = fabric.setup(backbone, opt_backbone)
    head, opt_head = fabric.setup(head, opt_head)

    for x, y in fabric.setup_dataloaders(loader):
        logits = head(backbone(x))
        loss = nn.functional.cross_entropy(logits, y)
        opt_backbone.zero_grad()
        opt_head.zero_grad()
        # one loss, two engines, two steps: neither model= alone is right
        fabric.backward(loss)
        opt_backbone.step()
        opt_head.step()
