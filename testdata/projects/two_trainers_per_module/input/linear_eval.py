import lightning as L

from classifier import LinearProbe
from imagenet import ImageNetDataModule
from mae import MaskedAutoencoder


def main():
    # converted from the ZeRO checkpoint with convert_zero_checkpoint_to_fp32_state_dict
    mae = MaskedAutoencoder.load_from_checkpoint("checkpoints/mae_vit_large_fp32.ckpt")
    probe = LinearProbe(mae.encoder, num_classes=1000, lr=0.1)
    # the probe only trains a linear head: plain DDP is enough
    trainer = L.Trainer(accelerator="gpu", devices=8, strategy="ddp", max_epochs=90)
    trainer.fit(probe, datamodule=ImageNetDataModule(batch_size=1024, augment=False))


if __name__ == "__main__":
    main()
