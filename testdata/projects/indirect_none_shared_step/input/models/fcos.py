from torch import nn
from torchvision.ops import generalized_box_iou_loss, sigmoid_focal_loss

from models.base import DetectionBase


class FCOSDetector(DetectionBase):
    def __init__(self, backbone: nn.Module, num_classes: int = 80, **kwargs):
        super().__init__(**kwargs)
        self.backbone = backbone
        self.cls_head = nn.Conv2d(backbone.out_channels, num_classes, 3, padding=1)
        self.box_head = nn.Conv2d(backbone.out_channels, 4, 3, padding=1)
        self.ctr_head = nn.Conv2d(backbone.out_channels, 1, 3, padding=1)

    def forward(self, images):
        features = self.backbone(images)
        return {
            "cls": [self.cls_head(f) for f in features],
            "box": [self.box_head(f).relu() for f in features],
            "ctr": [self.ctr_head(f) for f in features],
        }

    def compute_losses(self, outputs, targets):
        cls_t, box_t, ctr_t, pos = self.backbone.assign(outputs, targets)
        return {
            "cls": sigmoid_focal_loss(outputs["cls"], cls_t, reduction="sum") / pos.sum().clamp(min=1),
            "box": generalized_box_iou_loss(outputs["box"][pos], box_t[pos], reduction="mean"),
            "ctr": nn.functional.binary_cross_entropy_with_logits(outputs["ctr"][pos], ctr_t[pos]),
        }

    def training_step(self, batch, batch_idx):
        return self._shared_step(batch, "train")
