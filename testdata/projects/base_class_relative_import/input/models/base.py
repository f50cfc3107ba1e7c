import torch
import lightning as L
from torchmetrics.classification import MulticlassAccuracy


class BaseModule(L.LightningModule):
    """Optimizer, scheduler and metrics shared by every model in this package."""

    def __init__(self, num_classes: int, lr: float = 3e-4, weight_decay: float = 0.05, warmup_steps: int = 500):
        super().__init__()
        self.save_hyperparameters()
        self.train_acc = MulticlassAccuracy(num_classes=num_classes)
        self.val_acc = MulticlassAccuracy(num_classes=num_classes)

    def configure_optimizers(self):
        decay, no_decay = [], []
        for name, param in self.named_parameters():
            if not param.requires_grad:
                continue
            (no_decay if param.ndim < 2 or name.endswith(".bias") else decay).append(param)
        optimizer = torch.optim.AdamW(
            [{"params": decay, "weight_decay": self.hparams.weight_decay},
             {"params": no_decay, "weight_decay": 0.0}],
            lr=self.hparams.lr,
        )
        scheduler = torch.optim.lr_scheduler.LambdaLR(
            optimizer, lambda step: min(1.0, (step + 1) / self.hparams.warmup_steps)
        )
        return {"optimizer": optimizer, "lr_scheduler": {"scheduler": scheduler, "interval": "step"}}

    def validation_step(self, batch, batch_idx):
        images, labels = batch
        logits = self(images)
        self.val_acc(logits, labels)
        self.log("val/acc", self.val_acc, on_epoch=True, prog_bar=True)
