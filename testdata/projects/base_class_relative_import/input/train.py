import argparse

import lightning as L
import timm

from data import ImageNetDataModule
from models import ImageClassifier


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir", default="/datasets/imagenet")
    parser.add_argument("--epochs", type=int, default=90)
    parser.add_argument("--batch-size", type=int, default=128)
    args = parser.parse_args()

    backbone = timm.create_model("vit_base_patch16_224", pretrained=False, num_classes=0)
    model = ImageClassifier(backbone, num_classes=1000, lr=1e-3)
    trainer = L.Trainer(
        accelerator="gpu",
        devices=8,
        strategy="deepspeed_stage_2",
        precision="bf16-mixed",
        max_epochs=args.epochs,
        gradient_clip_val=1.0,
    )
    trainer.fit(model, datamodule=ImageNetDataModule(args.data_dir, batch_size=args.batch_size))


if __name__ == "__main__":
    main()
