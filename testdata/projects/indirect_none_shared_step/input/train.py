import lightning as L
from lightning.pytorch.callbacks import LearningRateMonitor, ModelCheckpoint

from backbones import ResNetFPN
from coco import COCODataModule
from models.fcos import FCOSDetector


def main():
    detector = FCOSDetector(ResNetFPN(depth=50, pretrained=True), num_classes=80, lr=0.01)
    trainer = L.Trainer(
        accelerator="gpu",
        devices=8,
        strategy="deepspeed_stage_1",
        precision="16-mixed",
        max_epochs=24,
        callbacks=[LearningRateMonitor(), ModelCheckpoint(monitor="val/cls", save_top_k=3)],
    )
    trainer.fit(detector, datamodule=COCODataModule("/datasets/coco", batch_size=4))


if __name__ == "__main__":
    main()
