from lightning.pytorch.demos.boring_classes import BoringDataModule, BoringModel, RandomDataset  # noqa: F401
