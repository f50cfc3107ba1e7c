from typing import TYPE_CHECKING

from lightning.pytorch import LightningModule  # a re-export, followed to its definition

if TYPE_CHECKING:
    from torch import nn


class Tiny(LightningModule):
    pass


class ManualTiny(Tiny):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False


class FromManual(ManualTiny):
    pass


class _Private(LightningModule):
    pass


class NotLightning:
    pass
