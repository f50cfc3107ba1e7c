import lightning as L
from lightning.pytorch.callbacks import ModelCheckpoint

from mnist import MNISTDataModule
from model import VAE


def main():
    trainer = L.Trainer(
        accelerator="gpu",
        devices=4,
        strategy="ddp_find_unused_parameters_true",
        max_epochs=100,
        callbacks=[ModelCheckpoint(monitor="train/loss")],
    )
    trainer.fit(VAE(latent_dim=32, beta=4.0), datamodule=MNISTDataModule("data", batch_size=256))


if __name__ == "__main__":
    main()
