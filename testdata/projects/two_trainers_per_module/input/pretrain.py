import lightning as L

from imagenet import ImageNetDataModule
from mae import MaskedAutoencoder
from vit import MAEDecoder, ViTEncoder


def main():
    encoder, decoder = ViTEncoder("vit_large_patch16"), MAEDecoder(depth=8, embed_dim=512)
    trainer = L.Trainer(accelerator="gpu", devices=8, num_nodes=4, strategy="deepspeed_stage_2",
                        precision="bf16-mixed", max_epochs=800)
    trainer.fit(MaskedAutoencoder(encoder, decoder), datamodule=ImageNetDataModule(batch_size=128))
    trainer.save_checkpoint("checkpoints/mae_vit_large.ckpt")


if __name__ == "__main__":
    main()
