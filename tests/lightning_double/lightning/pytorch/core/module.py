"""LightningModule and LightningDataModule (src/lightning/pytorch/core/module.py, datamodule.py, 2.6.5)."""
import inspect
import numbers
from typing import Any, Optional

import torch
from torch import nn

from lightning.fabric.utilities.exceptions import MisconfigurationException
from lightning.fabric.utilities.rank_zero import rank_zero_warn


class AttributeDict(dict):
    # mirrors lightning_utilities AttributeDict: the hyperparameters, readable as attributes
    def __getattr__(self, key: str) -> Any:
        try:
            return self[key]
        except KeyError as e:
            # mirrors lightning_utilities AttributeDict.__getattr__
            raise AttributeError(f"Missing attribute \"{key}\"") from e

    def __setattr__(self, key: str, value: Any) -> None:
        self[key] = value


class _HyperparametersMixin:
    def save_hyperparameters(self, *args: Any, ignore: Any = None, frame: Any = None, logger: bool = True) -> None:
        # mirrors src/lightning/pytorch/core/mixins/hparams_mixin.py save_hyperparameters: the caller's init arguments
        frame = frame or inspect.currentframe().f_back
        init_args = {k: v for k, v in frame.f_locals.items() if k not in ("self", "__class__", "frame")}
        ignore = [ignore] if isinstance(ignore, str) else list(ignore or [])
        if args and isinstance(args[0], dict):
            init_args = dict(args[0])
        elif args:
            init_args = {k: init_args[k] for k in args if isinstance(k, str) and k in init_args}
        self._hparams = AttributeDict({k: v for k, v in init_args.items() if k not in ignore and not k.startswith("_")})

    @property
    def hparams(self) -> AttributeDict:
        if not hasattr(self, "_hparams"):
            self._hparams = AttributeDict()
        return self._hparams


class LightningModule(_HyperparametersMixin, nn.Module):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._trainer: Any = None
        self._fabric: Any = None
        self._fabric_optimizers: list = []
        self._automatic_optimization = True
        self._compiler_ctx: Optional[dict] = None
        self._current_fx_name: Optional[str] = None

    @property
    def automatic_optimization(self) -> bool:
        return self._automatic_optimization

    @automatic_optimization.setter
    def automatic_optimization(self, automatic_optimization: bool) -> None:
        self._automatic_optimization = automatic_optimization

    @property
    def trainer(self) -> Any:
        # mirrors module.py LightningModule.trainer (line 219)
        if self._trainer is None:
            raise RuntimeError(f"{self.__class__.__qualname__} is not attached to a `Trainer`.")
        return self._trainer

    @trainer.setter
    def trainer(self, trainer: Any) -> None:
        self._trainer = trainer

    @property
    def fabric(self) -> Any:
        return self._fabric

    device = property(lambda self: torch.device("cpu"))
    dtype = property(lambda self: torch.get_default_dtype())
    current_epoch = property(lambda self: self._trainer.current_epoch if self._trainer else 0)
    global_step = property(lambda self: self._trainer.global_step if self._trainer else 0)
    global_rank = property(lambda self: 0)
    local_rank = property(lambda self: 0)
    logger = property(lambda self: self._trainer.logger if self._trainer else None)
    loggers = property(lambda self: self._trainer.loggers if self._trainer else [])

    def optimizers(self, use_pl_optimizer: bool = True) -> Any:
        # mirrors module.py LightningModule.optimizers (line 169)
        if self._fabric:
            opts = self._fabric_optimizers
        elif use_pl_optimizer:
            opts = self.trainer.strategy._lightning_optimizers
        else:
            opts = self.trainer.optimizers
        if isinstance(opts, list) and len(opts) == 1:
            return opts[0]
        return opts

    def lr_schedulers(self) -> Any:
        # mirrors module.py LightningModule.lr_schedulers
        if not self.trainer.lr_scheduler_configs:
            return None
        schedulers = [config.scheduler for config in self.trainer.lr_scheduler_configs]
        return schedulers[0] if len(schedulers) == 1 else schedulers

    def log(self, name: str, value: Any, *args: Any, **kwargs: Any) -> None:
        # mirrors module.py LightningModule.log (line 386): the value checks, then the metric is kept
        if self._fabric is not None:
            self._fabric.log_dict({name: value})
            return
        if isinstance(value, dict):
            if any(isinstance(v, dict) for v in value.values()):
                raise ValueError(f"`self.log({name}, {value})` was called, but nested dictionaries cannot be logged")
        for v in value.values() if isinstance(value, dict) else [value]:
            if not isinstance(v, (numbers.Number, torch.Tensor)) and type(v).__name__ != "Metric":
                raise ValueError(f"`self.log({name}, {value})` was called, but `{type(v).__name__}` values cannot be logged")
            if isinstance(v, torch.Tensor) and torch.numel(v) != 1:
                raise ValueError(
                    f"`self.log({name}, {value})` was called, but the tensor must have a single element."
                    f" You can try doing `self.log({name}, {value}.mean())`"
                )
        if self._trainer is None:
            rank_zero_warn(
                "You are trying to `self.log()` but the `self.trainer` reference is not registered on the model yet."
                " This is most likely because the model hasn't been passed to the `Trainer`"
            )
            return
        if isinstance(value, torch.Tensor):
            value = value.detach().squeeze()
        self._trainer.callback_metrics[name] = value

    def log_dict(self, dictionary: dict, *args: Any, **kwargs: Any) -> None:
        # mirrors module.py LightningModule.log_dict
        if any(isinstance(v, dict) for v in dictionary.values()):
            raise ValueError(f"`self.log_dict({dictionary})` was called, but nested dictionaries cannot be logged")
        for name, value in dictionary.items():
            self.log(name, value, *args, **kwargs)

    def print(self, *args: Any, **kwargs: Any) -> None:
        print(*args, **kwargs)

    def all_gather(self, data: Any, group: Any = None, sync_grads: bool = False) -> Any:
        return data

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        return super().forward(*args, **kwargs)

    def training_step(self, *args: Any, **kwargs: Any) -> Any:
        rank_zero_warn("`training_step` must be implemented to be used with the Lightning Trainer")

    def validation_step(self, *args: Any, **kwargs: Any) -> Any:
        pass

    def test_step(self, *args: Any, **kwargs: Any) -> Any:
        pass

    def predict_step(self, *args: Any, **kwargs: Any) -> Any:
        batch = kwargs.get("batch", args[0])
        return self(batch)

    def configure_optimizers(self) -> Any:
        rank_zero_warn("`configure_optimizers` must be implemented to be used with the Lightning Trainer")

    def configure_callbacks(self) -> Any:
        return []

    def manual_backward(self, loss: torch.Tensor, *args: Any, **kwargs: Any) -> None:
        # mirrors module.py LightningModule.manual_backward (line 1090)
        if self._fabric:
            self._fabric.backward(loss, *args, **kwargs)
        else:
            self._verify_is_manual_optimization("manual_backward")
            self.trainer.strategy.backward(loss, None, *args, **kwargs)

    def backward(self, loss: torch.Tensor, *args: Any, **kwargs: Any) -> None:
        # mirrors module.py LightningModule.backward
        if self._fabric:
            self._fabric.backward(loss, *args, **kwargs)
        else:
            loss.backward(*args, **kwargs)

    def _verify_is_manual_optimization(self, fn_name: str) -> None:
        # mirrors module.py LightningModule._verify_is_manual_optimization (line 1427)
        if self.automatic_optimization:
            raise MisconfigurationException(
                f"to use {fn_name}, please disable automatic optimization:"
                " set model property `automatic_optimization` as False"
            )

    def toggle_optimizer(self, optimizer: Any) -> None:
        # mirrors module.py LightningModule.toggle_optimizer: only this optimizer's parameters require grad
        own = {id(p) for group in optimizer.param_groups for p in group["params"]}
        self._param_requires_grad_state = {}
        for param in self.parameters():
            self._param_requires_grad_state[id(param)] = param.requires_grad
            if id(param) not in own:
                param.requires_grad = False

    def untoggle_optimizer(self, optimizer: Any) -> None:
        for param in self.parameters():
            param.requires_grad = getattr(self, "_param_requires_grad_state", {}).get(id(param), param.requires_grad)

    def clip_gradients(self, optimizer: Any, gradient_clip_val: Any = None, gradient_clip_algorithm: Any = None) -> None:
        # mirrors module.py LightningModule.clip_gradients
        if self._fabric:
            self._fabric.clip_gradients(self, optimizer, clip_val=gradient_clip_val if gradient_clip_algorithm == "value" else None,
                                        max_norm=None if gradient_clip_algorithm == "value" else gradient_clip_val)
            return
        if gradient_clip_val is None:
            gradient_clip_val = self.trainer.gradient_clip_val or 0.0
        if gradient_clip_algorithm is None:
            gradient_clip_algorithm = self.trainer.gradient_clip_algorithm or "norm"
        self.trainer.precision_plugin.clip_gradients(optimizer, gradient_clip_val, gradient_clip_algorithm)

    def configure_gradient_clipping(self, optimizer: Any, gradient_clip_val: Any = None, gradient_clip_algorithm: Any = None) -> None:
        self.clip_gradients(optimizer, gradient_clip_val=gradient_clip_val, gradient_clip_algorithm=gradient_clip_algorithm)

    def optimizer_step(self, epoch: int, batch_idx: int, optimizer: Any, optimizer_closure: Any = None) -> None:
        # mirrors module.py LightningModule.optimizer_step
        optimizer.step(closure=optimizer_closure)

    def optimizer_zero_grad(self, epoch: int, batch_idx: int, optimizer: Any) -> None:
        optimizer.zero_grad()

    def lr_scheduler_step(self, scheduler: Any, metric: Any) -> None:
        if metric is None:
            scheduler.step()
        else:
            scheduler.step(metric)

    def freeze(self) -> None:
        for param in self.parameters():
            param.requires_grad = False
        self.eval()

    def unfreeze(self) -> None:
        for param in self.parameters():
            param.requires_grad = True
        self.train()

    def __getattr__(self, name: str) -> Any:
        # the hooks a Trainer calls: every `on_*` hook, `setup`, `teardown`, ... default to doing nothing
        if name in _HOOKS:
            return _do_nothing
        return super().__getattr__(name)


def _do_nothing(*args: Any, **kwargs: Any) -> None:
    return None


# mirrors src/lightning/pytorch/core/hooks.py ModelHooks / DataHooks (2.6.5): the hooks the double's Trainer calls
_HOOKS = frozenset(
    ["setup", "teardown", "prepare_data", "configure_model", "configure_sharded_model", "on_save_checkpoint", "on_load_checkpoint"]
    + [f"on_{w}" for w in (
        "fit_start", "fit_end", "train_start", "train_end", "train_epoch_start", "train_epoch_end", "train_batch_start",
        "train_batch_end", "validation_start", "validation_end", "validation_epoch_start", "validation_epoch_end",
        "validation_batch_start", "validation_batch_end", "test_start", "test_end", "test_epoch_start", "test_epoch_end",
        "test_batch_start", "test_batch_end", "predict_start", "predict_end", "predict_epoch_start", "predict_epoch_end",
        "predict_batch_start", "predict_batch_end", "before_backward", "after_backward", "before_optimizer_step",
        "before_zero_grad", "sanity_check_start", "sanity_check_end", "exception",
    )]
)


class LightningDataModule(_HyperparametersMixin):
    # mirrors src/lightning/pytorch/core/datamodule.py LightningDataModule (2.6.5)
    def __init__(self) -> None:
        self.trainer: Any = None

    def prepare_data(self) -> None:
        pass

    def setup(self, stage: str) -> None:
        pass

    def teardown(self, stage: str) -> None:
        pass

    def train_dataloader(self) -> Any:
        # mirrors src/lightning/pytorch/core/hooks.py DataHooks.train_dataloader
        raise MisconfigurationException("`train_dataloader` must be implemented to be used with the Lightning Trainer")

    def val_dataloader(self) -> Any:
        return []

    def test_dataloader(self) -> Any:
        # mirrors core/hooks.py DataHooks.test_dataloader
        raise MisconfigurationException("`test_dataloader` must be implemented to be used with the Lightning Trainer")

    def predict_dataloader(self) -> Any:
        # mirrors core/hooks.py DataHooks.predict_dataloader
        raise MisconfigurationException("`predict_dataloader` must be implemented to be used with the Lightning Trainer")
