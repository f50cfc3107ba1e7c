"""StochasticWeightAveraging (src/lightning/pytorch/callbacks/stochastic_weight_avg.py, 2.6.5): its checks.

The double checks what Lightning refuses and trains on without averaging the weights."""
from typing import Any, Union

import torch

from lightning.fabric.utilities.exceptions import MisconfigurationException
from lightning.pytorch.callbacks.callback import Callback


class StochasticWeightAveraging(Callback):
    def __init__(self, swa_lrs: Union[float, list], swa_epoch_start: Union[int, float] = 0.8,
                 annealing_epochs: int = 10, annealing_strategy: str = "cos", avg_fn: Any = None,
                 device: Any = torch.device("cpu")) -> None:
        # mirrors stochastic_weight_avg.py StochasticWeightAveraging.__init__ (line 85)
        err_msg = "swa_epoch_start should be a >0 integer or a float between 0 and 1."
        if isinstance(swa_epoch_start, int) and swa_epoch_start < 1:
            raise MisconfigurationException(err_msg)
        if isinstance(swa_epoch_start, float) and not (0 <= swa_epoch_start <= 1):
            raise MisconfigurationException(err_msg)
        wrong_type = not isinstance(swa_lrs, (float, list))
        wrong_float = isinstance(swa_lrs, float) and swa_lrs <= 0
        wrong_list = isinstance(swa_lrs, list) and not all(lr > 0 and isinstance(lr, float) for lr in swa_lrs)
        if wrong_type or wrong_float or wrong_list:
            raise MisconfigurationException("The `swa_lrs` should a positive float, or a list of positive floats")
        if avg_fn is not None and not callable(avg_fn):
            raise MisconfigurationException("The `avg_fn` should be callable.")
        self._swa_epoch_start = swa_epoch_start
        self._swa_lrs = swa_lrs

    def setup(self, trainer: Any, pl_module: Any, stage: str) -> None:
        # mirrors stochastic_weight_avg.py StochasticWeightAveraging.setup (line 151)
        from lightning.pytorch.strategies import DeepSpeedStrategy, FSDPStrategy

        if isinstance(trainer.strategy, (FSDPStrategy, DeepSpeedStrategy)):
            raise MisconfigurationException("SWA does not currently support sharded models.")

    def on_fit_start(self, trainer: Any, pl_module: Any) -> None:
        # mirrors stochastic_weight_avg.py StochasticWeightAveraging.on_fit_start
        if len(trainer.optimizers) != 1:
            raise MisconfigurationException("SWA currently works with 1 `optimizer`.")
        if len(trainer.lr_scheduler_configs) > 1:
            raise MisconfigurationException("SWA currently not supported for more than 1 `lr_scheduler`.")
