# args: --target-strategy deepspeed
from lightning.pytorch import Trainer
from lightning.pytorch.loggers import WandbLogger

from my_project.data import ImageNetDataModule
from my_project.model import VisionTransformer


if __name__ == "__main__":
    datamodule = ImageNetDataModule(batch_size=256)
    model = VisionTransformer(depth=12, heads=12)
    trainer = Trainer(devices=8, strategy="ddp", logger=WandbLogger(project="vit"), gradient_clip_val=1.0, gradient_clip_algorithm="value")
    trainer.fit(model, datamodule=datamodule)
