"""Loggers: they keep what is logged in memory (`logger.metrics`) and write nothing."""
from typing import Any, Optional


class _Experiment:
    """What `logger.experiment` gives: any method call is accepted (add_scalar, log, ...)."""

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


class Logger:
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.metrics: list = []
        self.hparams: dict = {}

    name = property(lambda self: "lightning_logs")
    version = property(lambda self: 0)
    save_dir = property(lambda self: ".")
    log_dir = property(lambda self: ".")
    experiment = property(lambda self: _Experiment())

    def log_metrics(self, metrics: dict, step: Optional[int] = None) -> None:
        self.metrics.append((step, dict(metrics)))

    def log_hyperparams(self, params: Any, *args: Any, **kwargs: Any) -> None:
        self.hparams.update(dict(params) if isinstance(params, dict) else vars(params))

    def save(self) -> None:
        pass

    def finalize(self, status: str) -> None:
        pass


class CSVLogger(Logger):
    pass


class TensorBoardLogger(Logger):
    pass


class WandbLogger(Logger):
    pass


__all__ = ["CSVLogger", "Logger", "TensorBoardLogger", "WandbLogger"]
