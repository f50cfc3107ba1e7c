from lightning.pytorch.loggers import CSVLogger, Logger, TensorBoardLogger  # noqa: F401
