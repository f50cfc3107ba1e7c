"""lightning.pytorch in the test double."""
from lightning.fabric.utilities.seed import seed_everything
from lightning.pytorch.callbacks import Callback
from lightning.pytorch.core import LightningDataModule, LightningModule
from lightning.pytorch.trainer import Trainer

__all__ = ["Callback", "LightningDataModule", "LightningModule", "Trainer", "seed_everything"]
