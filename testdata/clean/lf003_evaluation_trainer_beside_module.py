# A file whose only Trainer runs DeepSpeed for inference: it trains nothing,
# so the module beside it, fitted elsewhere by an unseen Trainer, is not
# judged by it.
import torch
from lightning.pytorch import LightningModule, Trainer


class Tagger(LightningModule):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder

    def training_step(self, batch, batch_idx):
        if batch is None:
            return None
        return self.encoder(batch).mean()

    def predict_step(self, batch, batch_idx):
        return self.encoder(batch)


def predict(model, loader):
    trainer = Trainer(strategy="deepspeed_stage_3", devices=8)
    return trainer.predict(model, loader)
