import torch
import torch.nn.functional as F
import lightning.pytorch as pl
from transformers import SegformerForSemanticSegmentation


class SegFormerModule(pl.LightningModule):
    def __init__(self, num_classes: int = 150, lr: float = 6e-5, ignore_index: int = 255,
                 backbone: str = "nvidia/mit-b3"):
        super().__init__()
        self.save_hyperparameters()
        self.net = SegformerForSemanticSegmentation.from_pretrained(
            backbone, num_labels=num_classes, ignore_mismatched_sizes=True
        )

    def forward(self, pixel_values):
        logits = self.net(pixel_values=pixel_values).logits
        return F.interpolate(logits, scale_factor=4, mode="bilinear", align_corners=False)

    def training_step(self, batch, batch_idx):
        images, masks = batch["pixel_values"], batch["labels"]
        if (masks != self.hparams.ignore_index).sum() == 0:
            # random crops sometimes land on unlabeled regions only
            return sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0
        logits = self(images)
        loss = F.cross_entropy(logits, masks, ignore_index=self.hparams.ignore_index)
        self.log("train/loss", loss, prog_bar=True, sync_dist=True)
        return loss

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=self.hparams.lr, weight_decay=0.01)
        scheduler = torch.optim.lr_scheduler.PolynomialLR(optimizer, total_iters=self.trainer.estimated_stepping_batches)
        return {"optimizer": optimizer, "lr_scheduler": {"scheduler": scheduler, "interval": "step"}}
