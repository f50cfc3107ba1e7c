import argparse

import lightning as L
from lightning.pytorch.strategies import DeepSpeedStrategy

from encoders import TextTransformer, VisionTransformer
from data import ImageTextDataModule
from model import ContrastiveModule


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--devices", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=32)
    parser.add_argument("--shards", default="/datasets/laion400m/{00000..41407}.tar")
    args = parser.parse_args()

    # one GPU for debugging, ZeRO-2 on the cluster
    strategy = DeepSpeedStrategy(stage=2) if args.devices > 1 else "auto"
    trainer = L.Trainer(accelerator="gpu", devices=args.devices, strategy=strategy,
                        precision="16-mixed", max_epochs=args.epochs)
    module = ContrastiveModule(VisionTransformer(width=768), TextTransformer(width=512))
    trainer.fit(module, datamodule=ImageTextDataModule(args.shards, batch_size=256))


if __name__ == "__main__":
    main()
