import torch
import lightning.pytorch as pl
from torchvision.ops import box_iou, sigmoid_focal_loss


class AnchorDetector(pl.LightningModule):
    def __init__(self, backbone, anchors: torch.Tensor, iou_threshold: float = 0.5):
        super().__init__()
        self.backbone = backbone
        self.register_buffer("anchors", anchors)
        self.iou_threshold = iou_threshold

    def _shared_step(self, batch):
        images, boxes, labels = batch
        logits = self.backbone(images)
        iou = box_iou(self.anchors, boxes)
        positive = iou.max(dim=1).values > self.iou_threshold
        if not positive.any():
            return None
        target = torch.zeros_like(logits)
        target[positive, labels[iou.argmax(dim=1)[positive]]] = 1.0
        return sigmoid_focal_loss(logits, target, reduction="sum") / positive.sum()

    def training_step(self, batch, batch_idx):
        loss = self._shared_step(batch)
        if loss is None:
            return None
        self.log("train/focal", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01, momentum=0.9)


def main(backbone, anchors, datamodule):
    strategy = pl.strategies.DeepSpeedStrategy(stage=2)
    trainer = pl.Trainer(devices=8, strategy=strategy, max_epochs=12)
    trainer.fit(AnchorDetector(backbone, anchors), datamodule=datamodule)
