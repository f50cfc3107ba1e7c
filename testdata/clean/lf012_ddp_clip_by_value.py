import lightning as L
from lightning.pytorch.callbacks import ModelCheckpoint

from models import ResNetClassifier
from data import CIFAR10DataModule


def main():
    trainer = L.Trainer(
        accelerator="gpu",
        devices=4,
        strategy="ddp",
        max_epochs=90,
        gradient_clip_val=0.5,
        gradient_clip_algorithm="value",
        callbacks=[ModelCheckpoint(monitor="val_acc", mode="max")],
    )
    trainer.fit(ResNetClassifier(), datamodule=CIFAR10DataModule())


if __name__ == "__main__":
    main()
