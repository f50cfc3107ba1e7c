import lightning.pytorch as pl
from lightning.pytorch.callbacks import ModelCheckpoint

from model import T5Summarizer
from data import XSumDataModule


def main():
    trainer = pl.Trainer(
        accelerator="gpu",
        devices=4,
        strategy="deepspeed_stage_1_offload",
        precision="bf16-mixed",
        callbacks=[ModelCheckpoint(monitor="val_rouge", mode="max")],
    )
    trainer.fit(T5Summarizer(), datamodule=XSumDataModule())


if __name__ == "__main__":
    main()
