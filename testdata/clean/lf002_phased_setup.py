import torch
import torch.nn.functional as F
from lightning.fabric import Fabric

from models import Backbone, LinearProbe


def main(pretrain_loader, probe_loader):
    fabric = Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    fabric.launch()

    # phase 1: only one model exists, a bare backward is fine
    backbone = Backbone()
    bb_opt = torch.optim.AdamW(backbone.parameters(), lr=1e-3)
    backbone, bb_opt = fabric.setup(backbone, bb_opt)
    for x, y in fabric.setup_dataloaders(pretrain_loader):
        loss = F.cross_entropy(backbone(x), y)
        bb_opt.zero_grad()
        fabric.backward(loss)
        bb_opt.step()

    # phase 2: a second model is set up, so model= is passed from here on
    probe = LinearProbe(backbone.out_dim, 10)
    probe, probe_opt = fabric.setup(probe, torch.optim.SGD(probe.parameters(), lr=0.1))
    for x, y in fabric.setup_dataloaders(probe_loader):
        with torch.no_grad():
            feats = backbone(x)
        loss = F.cross_entropy(probe(feats), y)
        probe_opt.zero_grad()
        fabric.backward(loss, model=probe)
        probe_opt.step()
