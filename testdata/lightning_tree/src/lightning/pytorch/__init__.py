from lightning.pytorch.core import LightningModule
