import torch
import lightning as L


class DetectionBase(L.LightningModule):
    """Logging, optimisation and the train/val step shared by our detectors."""

    def __init__(self, lr: float = 0.01, momentum: float = 0.9, milestones=(16, 22)):
        super().__init__()
        self.save_hyperparameters(ignore=["backbone"])

    def compute_losses(self, outputs, targets):
        raise NotImplementedError

    def _shared_step(self, batch, stage):
        images, targets = batch
        if sum(len(t["boxes"]) for t in targets) == 0:
            # nothing to assign the anchors to
            return None
        outputs = self(images)
        losses = self.compute_losses(outputs, targets)
        loss = sum(losses.values())
        self.log_dict({f"{stage}/{name}": value for name, value in losses.items()}, sync_dist=True)
        return loss

    def validation_step(self, batch, batch_idx):
        self._shared_step(batch, "val")

    def configure_optimizers(self):
        optimizer = torch.optim.SGD(self.parameters(), lr=self.hparams.lr, momentum=self.hparams.momentum,
                                    weight_decay=1e-4)
        scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=list(self.hparams.milestones))
        return [optimizer], [scheduler]
