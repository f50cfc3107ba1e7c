"""ModelCheckpoint and the callbacks that only observe (checkpointing, early stopping, progress, LR logging)."""
import os
from typing import Any, Optional

from lightning.pytorch.callbacks.callback import Callback


class ModelCheckpoint(Callback):
    """Saves `epoch=E-step=S.ckpt` at the end of each training epoch through `trainer.save_checkpoint`
    (a folder under DeepSpeed), as Lightning's default ModelCheckpoint does; keeps the last path."""

    def __init__(self, dirpath: Optional[str] = None, filename: Optional[str] = None, monitor: Optional[str] = None,
                 save_last: Optional[bool] = None, save_top_k: int = 1, every_n_epochs: Optional[int] = None, **kwargs: Any) -> None:
        self.dirpath = dirpath
        self.filename = filename
        self.monitor = monitor
        self.save_top_k = save_top_k
        self.best_model_path = ""
        self.last_model_path = ""

    def on_train_epoch_end(self, trainer: Any, pl_module: Any) -> None:
        if self.save_top_k == 0 or trainer.sanity_checking:
            return
        dirpath = self.dirpath or os.path.join(trainer.default_root_dir, "checkpoints")
        os.makedirs(dirpath, exist_ok=True)
        path = os.path.join(dirpath, f"epoch={trainer.current_epoch}-step={trainer.global_step}.ckpt")
        trainer.save_checkpoint(path)
        self.best_model_path = self.last_model_path = path


class EarlyStopping(Callback):
    def __init__(self, monitor: str, *args: Any, **kwargs: Any) -> None:
        self.monitor = monitor


class LearningRateMonitor(Callback):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass


class TQDMProgressBar(Callback):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass


class RichProgressBar(TQDMProgressBar):
    pass


class ModelSummary(Callback):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass
