# args: --target-strategy deepspeed
# A module that is only tested never runs `training_step`: migrating the
# evaluation Trainer to DeepSpeed cannot make its `None` crash.
import torch
from lightning.pytorch import LightningModule, Trainer


class Probe(LightningModule):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def training_step(self, batch, batch_idx):
        loss = self.backbone(batch).mean()
        if not torch.isfinite(loss):
            return None
        return loss

    def test_step(self, batch, batch_idx):
        self.log("test_mean", self.backbone(batch).mean())


def evaluate(backbone, loader):
    trainer = Trainer(devices=2)
    trainer.test(Probe(backbone), loader)
    evaluator = Trainer(devices=1)
    evaluator.predict(Probe(backbone), loader)
