"""The LightningModules derive from a base class of an installed package."""
import pytorch_lightning as pl
from fancylib import FancyModule, ManualFancyModule


class Regressor(FancyModule):
    def training_step(self, batch, batch_idx):
        loss = self.shared_step(batch)
        if not loss.isfinite():
            return None
        return loss


class GanLike(ManualFancyModule):
    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        self.manual_backward(self.shared_step(batch))
        opt.step()


def main():
    trainer = pl.Trainer(strategy="deepspeed_stage_2", devices=4)
    trainer.fit(Regressor())
    trainer.fit(GanLike())
