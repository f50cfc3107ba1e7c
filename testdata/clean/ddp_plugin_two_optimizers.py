"""ngp_pl's pytorch_lightning 1.x DDPPlugin is no DeepSpeed: two optimizers are fine there."""
import torch
from apex.optimizers import FusedAdam
from pytorch_lightning import LightningModule, Trainer
from pytorch_lightning.plugins import DDPPlugin


class System(LightningModule):
    def __init__(self, num_gpus):
        super().__init__()
        self.num_gpus = num_gpus
        self.net = torch.nn.Linear(2, 2)
        self.dR = torch.nn.Parameter(torch.zeros(3))

    def training_step(self, batch, batch_idx):
        return self.net(batch).sum()

    def configure_optimizers(self):
        opts = [FusedAdam(self.net.parameters(), 1e-3)]
        opts += [FusedAdam([self.dR], 1e-6)]
        return opts


system = System(num_gpus=2)
trainer = Trainer(accelerator="gpu", devices=system.num_gpus,
                  strategy=DDPPlugin(find_unused_parameters=False) if system.num_gpus > 1 else None)
trainer.fit(system)
