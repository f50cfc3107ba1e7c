from lightning.pytorch.core.module import LightningDataModule, LightningModule  # noqa: F401
