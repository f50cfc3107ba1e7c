"""GradientAccumulationScheduler (src/lightning/pytorch/callbacks/gradient_accumulation_scheduler.py, 2.6.5)."""
from typing import Any

from lightning.fabric.utilities.exceptions import MisconfigurationException
from lightning.pytorch.callbacks.callback import Callback


class GradientAccumulationScheduler(Callback):
    def __init__(self, scheduling: dict) -> None:
        # mirrors gradient_accumulation_scheduler.py GradientAccumulationScheduler.__init__ (line 64)
        if not scheduling:
            raise TypeError("Empty dict cannot be interpreted correct")
        if any(not isinstance(key, int) or key < 0 for key in scheduling):
            raise MisconfigurationException(
                f"Epoch should be an int greater than or equal to 0. Got {list(scheduling.keys())}."
            )
        if any(not isinstance(value, int) or value < 1 for value in scheduling.values()):
            raise MisconfigurationException(
                f"Accumulation factor should be an int greater than 0. Got {list(scheduling.values())}."
            )
        if min(scheduling.keys()) != 0:
            scheduling.update({0: 1})
        self.scheduling = scheduling
        self.epochs = sorted(scheduling.keys())

    def get_accumulate_grad_batches(self, epoch: int) -> int:
        accumulate_grad_batches = 1
        for iter_epoch in reversed(self.epochs):
            if epoch >= iter_epoch:
                accumulate_grad_batches = self.scheduling[iter_epoch]
                break
        return accumulate_grad_batches

    def on_train_start(self, trainer: Any, pl_module: Any) -> None:
        # mirrors gradient_accumulation_scheduler.py GradientAccumulationScheduler.on_train_start (line 105)
        if not pl_module.automatic_optimization:
            raise RuntimeError(
                """Automatic gradient accumulation and the `GradientAccumulationScheduler` is not supported for
                manual optimization. Please remove the callback or switch to automatic optimization."""
            )
        from lightning.pytorch.strategies import DeepSpeedStrategy

        if isinstance(trainer.strategy, DeepSpeedStrategy):
            raise RuntimeError(
                f"The `{type(trainer.strategy).__name__}` does not support `accumulate_grad_batches` changing"
                " between epochs."
            )
        if trainer.accumulate_grad_batches != 1:
            raise ValueError(
                "You have set `accumulate_grad_batches` and are using the `GradientAccumulationScheduler`"
                " callback. Either remove `accumulate_grad_batches` from the Trainer or remove the callback."
            )

    def on_train_epoch_start(self, trainer: Any, *_: Any) -> None:
        trainer.accumulate_grad_batches = self.get_accumulate_grad_batches(trainer.current_epoch)
