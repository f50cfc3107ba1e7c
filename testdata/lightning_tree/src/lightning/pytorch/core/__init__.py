from lightning.pytorch.core.module import LightningModule
