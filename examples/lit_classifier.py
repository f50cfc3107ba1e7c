"""An image classifier as a LightningModule; trained by train_classifier.py.

Fault (LF003): `training_step` returns `None` to skip empty, outlier and
non-finite batches. That works on one GPU, but the Trainer in
train_classifier.py runs DeepSpeed, whose precision plugin raises "Skipping
backward by returning `None` from your `training_step` is not supported by
`DeepSpeed`".
"""
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

import lightning as L

log = logging.getLogger(__name__)


class LitClassifier(L.LightningModule):
    def __init__(self, num_classes: int = 10, lr: float = 1e-3, max_loss: float = 20.0):
        super().__init__()
        self.save_hyperparameters()
        self.backbone = nn.Sequential(
            nn.Conv2d(3, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
        )
        self.head = nn.Linear(64, num_classes)

    def forward(self, x):
        return self.head(self.backbone(x))

    def training_step(self, batch, batch_idx):
        x, y = batch
        if x.numel() == 0:
            return None  # an empty shard at the end of an epoch
        logits = self(x)
        loss = F.cross_entropy(logits, y)
        if not torch.isfinite(loss):
            log.warning("non-finite loss at batch %d, skipping", batch_idx)
            return None
        if loss > self.hparams.max_loss:
            log.warning("outlier batch %d (loss %.1f), skipping", batch_idx, loss.item())
            return None
        self.log("train/loss", loss, prog_bar=True)
        return loss

    def validation_step(self, batch, batch_idx):
        x, y = batch
        logits = self(x)
        self.log("val/loss", F.cross_entropy(logits, y), sync_dist=True)
        self.log("val/acc", (logits.argmax(dim=1) == y).float().mean(), sync_dist=True)

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=self.trainer.max_epochs)
        return {"optimizer": optimizer, "lr_scheduler": scheduler}
