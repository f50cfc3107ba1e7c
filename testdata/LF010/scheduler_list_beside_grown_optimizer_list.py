import torch
import lightning.pytorch as pl

from .optim import make_optimizer


class Model(pl.LightningModule):
    def configure_optimizers(self):
        optimizer = make_optimizer(self.parameters())
        ret_optimizers = [optimizer]
        ret_schedulers = [
            torch.optim.lr_scheduler.StepLR(optimizer, 5),
            {"scheduler": torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer), "monitor": "val"},
        ]
        if self.hparams.augment:
            ret_optimizers.append(make_optimizer(self.augmenter.parameters()))
        return ret_optimizers, ret_schedulers


pl.Trainer(strategy="deepspeed_stage_2").fit(Model())
