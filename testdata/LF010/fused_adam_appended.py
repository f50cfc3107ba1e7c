"""apex's FusedAdam is an optimizer as much as torch's: the second one, on some runs, is one too many."""
import torch
from apex.optimizers import FusedAdam
from torch import nn
from pytorch_lightning import LightningModule, Trainer


class Sys(LightningModule):
    def __init__(self, optimize_ext):
        super().__init__()
        self.net = nn.Linear(2, 2)
        self.dR = nn.Parameter(torch.zeros(3))
        self.optimize_ext = optimize_ext

    def training_step(self, batch, batch_idx):
        return self.net(batch).sum()

    def configure_optimizers(self):
        opts = []
        self.net_opt = FusedAdam(self.net.parameters(), 1e-3)
        opts.append(self.net_opt)
        if self.optimize_ext:
            opts.append(FusedAdam([self.dR], 1e-6))
        sch = torch.optim.lr_scheduler.CosineAnnealingLR(self.net_opt, 10)
        return opts, [sch]


if __name__ == "__main__":
    trainer = Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2")
    trainer.fit(Sys(True))
