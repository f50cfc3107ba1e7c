import torch
from torch import nn
import lightning as L


class BaseSegmenter(L.LightningModule):
    def __init__(self, lr: float = 1e-3):
        super().__init__()
        self.lr = lr

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.lr)

    def dice_loss(self, logits, masks, eps: float = 1e-6):
        probs = logits.sigmoid()
        inter = (probs * masks).sum(dim=(1, 2, 3))
        union = probs.sum(dim=(1, 2, 3)) + masks.sum(dim=(1, 2, 3))
        return 1 - ((2 * inter + eps) / (union + eps)).mean()


class UNetSegmenter(BaseSegmenter):
    def __init__(self, unet: nn.Module, lr: float = 1e-3):
        super().__init__(lr=lr)
        self.unet = unet

    def training_step(self, batch, batch_idx):
        images, masks = batch["image"], batch["mask"]
        if masks.sum() == 0:
            # background-only tiles carry no signal
            return None
        logits = self.unet(images)
        bce = nn.functional.binary_cross_entropy_with_logits(logits, masks)
        loss = self.dice_loss(logits, masks) + bce
        self.log("train/loss", loss)
        return loss


def run(unet, datamodule):
    trainer = L.Trainer(strategy="deepspeed_stage_1", devices=4, max_epochs=50)
    trainer.fit(UNetSegmenter(unet), datamodule=datamodule)
