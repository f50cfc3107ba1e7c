import torch
from lightning.pytorch import LightningModule
from torch import nn


class _Task(LightningModule):
    def __init__(self, lr: float = 1e-3) -> None:
        super().__init__()
        self.lr = lr
        self.model = nn.Conv2d(6, 2, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.cross_entropy(self.model(x), y)
        self.log("train_loss", loss)
        return loss


class DetectionTask(_Task):
    """Trained only by configs/detection.yaml, whose `optimizer:` replaces this."""

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=self.lr)
        warmup = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0)
        plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, patience=5)
        return [optimizer], [warmup, {"scheduler": plateau, "monitor": "train_loss"}]


class SegmentationTask(_Task):
    """Trained by configs/segmentation.yaml, which gives no optimizer."""

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=self.lr)
        warmup = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 1.0)
        plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, patience=5)
        return [optimizer], [warmup, {"scheduler": plateau, "monitor": "train_loss"}]
