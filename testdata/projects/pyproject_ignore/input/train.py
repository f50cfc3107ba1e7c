import lightning as L

from librispeech import LibriSpeechDataModule
from model import CTCModel


def main():
    trainer = L.Trainer(
        accelerator="gpu",
        devices=8,
        strategy="deepspeed_stage_2",
        precision="16-mixed",
        max_steps=400_000,
        val_check_interval=5000,
    )
    trainer.fit(CTCModel(vocab_size=32), datamodule=LibriSpeechDataModule("/datasets/librispeech"))


if __name__ == "__main__":
    main()
