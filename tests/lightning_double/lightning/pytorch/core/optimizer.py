"""LightningOptimizer and the parsing of `configure_optimizers` (src/lightning/pytorch/core/optimizer.py, 2.6.5)."""
import inspect
from dataclasses import dataclass, fields
from typing import Any, Callable, Optional

import torch
from torch import optim

from lightning.fabric.utilities.exceptions import MisconfigurationException
from lightning.fabric.utilities.types import Optimizable


def do_nothing_closure() -> None:
    return None


class LightningOptimizer:
    def __init__(self, optimizer: Any) -> None:
        # mirrors optimizer.py LightningOptimizer.__init__ (line 49): takes the optimizer's class for isinstance
        self._optimizer = optimizer
        self._strategy: Any = None
        self._on_before_step: Callable = do_nothing_closure
        self._on_after_step: Callable = do_nothing_closure
        self.__class__ = type("Lightning" + optimizer.__class__.__name__, (self.__class__, optimizer.__class__), {})

    @property
    def optimizer(self) -> Any:
        return self._optimizer

    def step(self, closure: Optional[Callable] = None, **kwargs: Any) -> Any:
        # mirrors optimizer.py LightningOptimizer.step (line 85)
        self._on_before_step()
        if closure is None:
            closure = do_nothing_closure
        elif not callable(closure):
            raise MisconfigurationException("When `optimizer.step(closure)` is called, the closure should be callable")
        step_output = self._strategy.optimizer_step(self._optimizer, closure, **kwargs)
        self._on_after_step()
        return step_output

    @classmethod
    def _to_lightning_optimizer(cls, optimizer: Any, strategy: Any) -> "LightningOptimizer":
        lightning_optimizer = optimizer if isinstance(optimizer, LightningOptimizer) else cls(optimizer)
        lightning_optimizer._strategy = strategy
        return lightning_optimizer

    def __getattr__(self, item: Any) -> Any:
        return getattr(self._optimizer, item)


@dataclass
class LRSchedulerConfig:
    # mirrors src/lightning/pytorch/utilities/types.py LRSchedulerConfig (2.6.5)
    scheduler: Any
    name: Optional[str] = None
    interval: str = "epoch"
    frequency: int = 1
    reduce_on_plateau: bool = False
    monitor: Optional[str] = None
    strict: bool = True


def _init_optimizers_and_lr_schedulers(model: Any) -> tuple:
    # mirrors optimizer.py _init_optimizers_and_lr_schedulers (line 174)
    optim_conf = model.configure_optimizers()
    if optim_conf is None:
        optim_conf = _MockOptimizer()  # "this fit will run with no optimizer" (a warning in Lightning)
    optimizers, lr_schedulers, monitor = _configure_optimizers(optim_conf)
    lr_scheduler_configs = (
        _configure_schedulers_automatic_opt(lr_schedulers, monitor)
        if model.automatic_optimization
        else [_scheduler_config(s, {"reduce_on_plateau", "monitor", "strict"}) for s in lr_schedulers]
    )
    _validate_multiple_optimizers_support(optimizers, model)
    for config in lr_scheduler_configs:
        # mirrors optimizer.py _validate_optimizers_attached
        if config.scheduler.optimizer not in optimizers:
            raise MisconfigurationException(
                "Some schedulers are attached with an optimizer that wasn't returned from `configure_optimizers`."
            )
    return optimizers, lr_scheduler_configs


def _configure_optimizers(optim_conf: Any) -> tuple:
    # mirrors optimizer.py _configure_optimizers (line 200): the forms configure_optimizers may return
    optimizers, lr_schedulers, monitor = [], [], None
    if isinstance(optim_conf, Optimizable):
        optimizers = [optim_conf]
    elif (
        isinstance(optim_conf, (list, tuple)) and len(optim_conf) == 2 and isinstance(optim_conf[0], list)
        and all(isinstance(opt, Optimizable) for opt in optim_conf[0])
    ):
        opt, sch = optim_conf
        optimizers = opt
        lr_schedulers = sch if isinstance(sch, list) else [sch]
    elif isinstance(optim_conf, dict):
        optimizers = [optim_conf["optimizer"]]
        monitor = optim_conf.get("monitor", None)
        lr_schedulers = [optim_conf["lr_scheduler"]] if "lr_scheduler" in optim_conf else []
    elif isinstance(optim_conf, (list, tuple)) and all(isinstance(d, dict) for d in optim_conf):
        optimizers = [opt_dict["optimizer"] for opt_dict in optim_conf]
        lr_schedulers = [
            dict(d["lr_scheduler"]) if isinstance(d["lr_scheduler"], dict) else {"scheduler": d["lr_scheduler"]}
            for d in optim_conf if "lr_scheduler" in d
        ]
    elif isinstance(optim_conf, (list, tuple)) and all(isinstance(opt, Optimizable) for opt in optim_conf):
        optimizers = list(optim_conf)
    else:
        raise MisconfigurationException(
            "Unknown configuration for model optimizers."
            " Output from `model.configure_optimizers()` should be one of:\n"
            " * `Optimizer`\n"
            " * [`Optimizer`]\n"
            " * ([`Optimizer`], [`LRScheduler`])\n"
            ' * {"optimizer": `Optimizer`, (optional) "lr_scheduler": `LRScheduler`}\n'
        )
    return optimizers, lr_schedulers, monitor


def _configure_schedulers_automatic_opt(schedulers: list, monitor: Optional[str]) -> list:
    # mirrors optimizer.py _configure_schedulers_automatic_opt (line 250)
    configs = []
    for scheduler in schedulers:
        if isinstance(scheduler, dict):
            if "scheduler" not in scheduler:
                raise MisconfigurationException(
                    'The lr scheduler dict must have the key "scheduler" with its item being an lr scheduler'
                )
            if "interval" in scheduler and scheduler["interval"] not in ("step", "epoch"):
                raise MisconfigurationException(
                    'The "interval" key in lr scheduler dict must be "step" or "epoch"'
                    f' but is "{scheduler["interval"]}"'
                )
            config = _scheduler_config(scheduler, set())
            config.reduce_on_plateau = scheduler.get(
                "reduce_on_plateau", isinstance(config.scheduler, optim.lr_scheduler.ReduceLROnPlateau)
            )
            if config.reduce_on_plateau and config.monitor is None:
                raise MisconfigurationException(
                    "The lr scheduler dict must include a monitor when a `ReduceLROnPlateau` scheduler is used."
                    ' For example: {"optimizer": optimizer, "lr_scheduler":'
                    ' {"scheduler": scheduler, "monitor": "your_loss"}}'
                )
        elif isinstance(scheduler, optim.lr_scheduler.ReduceLROnPlateau):
            if monitor is None:
                # mirrors optimizer.py _configure_schedulers_automatic_opt: ReduceLROnPlateau needs a monitor
                raise MisconfigurationException(
                    "`configure_optimizers` must include a monitor when a `ReduceLROnPlateau`"
                    " scheduler is used. For example:"
                    ' {"optimizer": optimizer, "lr_scheduler": scheduler, "monitor": "metric_to_track"}'
                )
            config = LRSchedulerConfig(scheduler, reduce_on_plateau=True, monitor=monitor)
        else:
            config = LRSchedulerConfig(scheduler)
        configs.append(config)
    return configs


def _scheduler_config(scheduler: Any, ignored: set) -> LRSchedulerConfig:
    if not isinstance(scheduler, dict):
        return LRSchedulerConfig(scheduler)
    names = {f.name for f in fields(LRSchedulerConfig)}
    return LRSchedulerConfig(**{k: v for k, v in scheduler.items() if k in names and k not in ignored})


def _validate_multiple_optimizers_support(optimizers: list, model: Any) -> None:
    # mirrors optimizer.py _validate_multiple_optimizers_support (line 351): Lightning 2.x has no `optimizer_idx`
    if "optimizer_idx" in inspect.signature(model.training_step).parameters:
        raise RuntimeError(
            "Training with multiple optimizers is only supported with manual optimization. Remove the `optimizer_idx`"
            " argument from `training_step`, set `self.automatic_optimization = False` and access your optimizers"
            " in `training_step` with `opt1, opt2, ... = self.optimizers()`."
        )
    if model.automatic_optimization and len(optimizers) > 1:
        raise RuntimeError(
            "Training with multiple optimizers is only supported with manual optimization. Set"
            " `self.automatic_optimization = False`, then access your optimizers in `training_step` with"
            " `opt1, opt2, ... = self.optimizers()`."
        )


class _MockOptimizer(optim.Optimizer):
    # mirrors optimizer.py _MockOptimizer: stands in when configure_optimizers returns None
    def __init__(self) -> None:
        super().__init__([torch.zeros(1)], {})

    def step(self, closure: Optional[Callable] = None) -> Any:
        if closure is not None:
            return closure()
        return None

    def zero_grad(self, set_to_none: Optional[bool] = True) -> None:
        pass
