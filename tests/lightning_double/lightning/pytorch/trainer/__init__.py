from lightning.pytorch.trainer.trainer import Trainer  # noqa: F401
