import torch
import torch.nn.functional as F
from torch import nn

from .base import BaseModule


class ImageClassifier(BaseModule):
    def __init__(self, backbone: nn.Module, num_classes: int = 1000, mixup_alpha: float = 0.2,
                 max_loss: float = 20.0, **kwargs):
        super().__init__(num_classes=num_classes, **kwargs)
        self.backbone = backbone
        self.head = nn.Linear(backbone.num_features, num_classes)
        self.mixup_alpha = mixup_alpha
        self.max_loss = max_loss

    def forward(self, images):
        return self.head(self.backbone(images))

    def training_step(self, batch, batch_idx):
        images, labels = batch
        lam = float(torch.distributions.Beta(self.mixup_alpha, self.mixup_alpha).sample())
        perm = torch.randperm(images.size(0), device=images.device)
        mixed = lam * images + (1 - lam) * images[perm]
        logits = self(mixed)
        loss = lam * F.cross_entropy(logits, labels) + (1 - lam) * F.cross_entropy(logits, labels[perm])
        if loss.detach() > self.max_loss:
            # a corrupted batch: do not let it blow up the weights
            return None
        self.train_acc(logits, labels)
        self.log("train/loss", loss, prog_bar=True)
        self.log("train/acc", self.train_acc, on_epoch=True)
        return loss
