"""A module with an augmentation network trained by its own optimizer (autogluon's
LeMDA): both come from a helper of another file, two optimizers DeepSpeed refuses."""
import torch
from torch.utils.data import DataLoader
import lightning.pytorch as pl

from lemda.optim import get_optimizer


class Classifier(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(8, 1)
        self.augmenter = torch.nn.Linear(8, 8)

    def training_step(self, batch, batch_idx):
        opt, aug_opt = self.optimizers()
        loss = self.net(self.augmenter(batch)).pow(2).mean()
        self.manual_backward(loss)
        opt.step()
        aug_opt.step()

    def configure_optimizers(self):
        optimizers = [get_optimizer("adamw", self.net.parameters(), 1e-3)]
        optimizers.append(get_optimizer("adam", self.augmenter.parameters(), 1e-4))
        return optimizers


trainer = pl.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False)
trainer.fit(Classifier(), DataLoader(torch.randn(12, 8), batch_size=4))
