"""`pytorch_lightning`, the standalone name of `lightning.pytorch`: the same objects under both names."""
import sys

import lightning.pytorch
import lightning.pytorch.accelerators
import lightning.pytorch.callbacks
import lightning.pytorch.core
import lightning.pytorch.demos
import lightning.pytorch.demos.boring_classes
import lightning.pytorch.loggers
import lightning.pytorch.plugins
import lightning.pytorch.strategies
import lightning.pytorch.trainer
import lightning.pytorch.utilities
import lightning.pytorch.utilities.exceptions
import lightning.pytorch.cli
from lightning.pytorch import *  # noqa: F401,F403
from lightning.pytorch import Callback, LightningDataModule, LightningModule, Trainer, seed_everything  # noqa: F401

for _name, _module in list(sys.modules.items()):
    if _name.startswith("lightning.pytorch."):
        sys.modules["pytorch_lightning." + _name[len("lightning.pytorch."):]] = _module
