import torch
import torchvision
import lightning.pytorch as pl
from lightning.pytorch.callbacks import BackboneFinetuning, LearningRateMonitor


class TransferLearningModel(pl.LightningModule):
    def __init__(self, num_classes: int = 2):
        super().__init__()
        self.backbone = torchvision.models.resnet50(weights="DEFAULT")
        self.backbone.fc = torch.nn.Linear(2048, num_classes)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.backbone(x), y)

    def configure_optimizers(self):
        return torch.optim.Adam(filter(lambda p: p.requires_grad, self.parameters()), lr=1e-3)


def main():
    finetuning = BackboneFinetuning(unfreeze_backbone_at_epoch=10, lambda_func=lambda epoch: 1.5)
    trainer = pl.Trainer(
        strategy="deepspeed_stage_2",
        devices=4,
        max_epochs=30,
        callbacks=[finetuning, LearningRateMonitor("epoch")],
    )
    trainer.fit(TransferLearningModel())


if __name__ == "__main__":
    main()
