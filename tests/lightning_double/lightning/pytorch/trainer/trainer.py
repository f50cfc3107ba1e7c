"""The Trainer (src/lightning/pytorch/trainer/trainer.py, 2.6.5): its checks and a small real loop."""
import inspect
import os
from contextlib import contextmanager
from typing import Any, Generator, Optional

import torch
from torch.utils.data import DataLoader, DistributedSampler

from lightning._compile import OptimizedModule
from lightning.fabric.fabric import _with_distributed_sampler
from lightning.fabric.utilities.exceptions import MisconfigurationException
from lightning.fabric.wrappers import _is_overridden
from lightning.pytorch.callbacks import Callback, ModelCheckpoint
from lightning.pytorch.core.module import LightningDataModule, LightningModule
from lightning.pytorch.loggers import CSVLogger
from lightning.pytorch.strategies import DDPStrategy, DeepSpeedStrategy, FSDPStrategy, SingleDeviceStrategy
from lightning.pytorch.trainer import loops
from lightning.pytorch.trainer.connector import _AcceleratorConnector


class _TrainerState:
    fn: Optional[str] = None


class Trainer:
    def __init__(
        self, *, accelerator: Any = "auto", strategy: Any = "auto", devices: Any = "auto", num_nodes: int = 1,
        precision: Any = None, logger: Any = None, callbacks: Any = None, fast_dev_run: Any = False,
        max_epochs: Optional[int] = None, min_epochs: Optional[int] = None, max_steps: int = -1,
        min_steps: Optional[int] = None, max_time: Any = None, limit_train_batches: Any = None,
        limit_val_batches: Any = None, limit_test_batches: Any = None, limit_predict_batches: Any = None,
        overfit_batches: Any = 0.0, val_check_interval: Any = None, check_val_every_n_epoch: Optional[int] = 1,
        num_sanity_val_steps: Optional[int] = None, log_every_n_steps: Optional[int] = None,
        enable_checkpointing: Optional[bool] = None, enable_progress_bar: Optional[bool] = None,
        enable_model_summary: Optional[bool] = None, accumulate_grad_batches: int = 1, gradient_clip_val: Any = None,
        gradient_clip_algorithm: Optional[str] = None, deterministic: Any = None, benchmark: Optional[bool] = None,
        inference_mode: bool = True, use_distributed_sampler: bool = True, profiler: Any = None,
        detect_anomaly: bool = False, barebones: bool = False, plugins: Any = None, sync_batchnorm: bool = False,
        reload_dataloaders_every_n_epochs: int = 0, default_root_dir: Any = None, enable_autolog_hparams: bool = True,
        model_registry: Optional[str] = None,
    ) -> None:
        # mirrors trainer.py Trainer.__init__ (2.6.5): the same keyword-only parameters, nothing else accepted
        self._connector = _AcceleratorConnector(
            accelerator=accelerator, strategy=strategy, devices=devices, num_nodes=num_nodes, precision=precision,
            plugins=plugins,
        )
        self.strategy = self._connector.strategy
        self.accelerator = self._connector.accelerator
        self.precision_plugin = self._connector.precision
        # mirrors trainer.py Trainer.__init__ (line 468): the clipping algorithm is checked here
        if gradient_clip_algorithm is not None and gradient_clip_algorithm.lower() not in ("value", "norm"):
            raise MisconfigurationException(
                f"`gradient_clip_algorithm` {gradient_clip_algorithm} is invalid. "
                f"Allowed algorithms: {['value', 'norm']}."
            )
        self.gradient_clip_val = gradient_clip_val
        self.gradient_clip_algorithm = gradient_clip_algorithm.lower() if gradient_clip_algorithm is not None else None
        self.accumulate_grad_batches = accumulate_grad_batches
        self.limit_train_batches, self.limit_val_batches = limit_train_batches, limit_val_batches
        self.limit_test_batches, self.limit_predict_batches = limit_test_batches, limit_predict_batches
        self.num_sanity_val_steps = 2 if num_sanity_val_steps is None else num_sanity_val_steps
        self.check_val_every_n_epoch = check_val_every_n_epoch
        self.max_steps, self.max_epochs = max_steps, max_epochs
        if fast_dev_run:
            # mirrors src/lightning/pytorch/trainer/setup.py _init_debugging_flags: n batches everywhere, no sanity check
            n = 1 if fast_dev_run is True else int(fast_dev_run)
            self.limit_train_batches = self.limit_val_batches = self.limit_test_batches = self.limit_predict_batches = n
            self.max_steps, self.max_epochs, self.num_sanity_val_steps = n, 1, 0
            enable_checkpointing = False
        self.use_distributed_sampler = use_distributed_sampler
        self.default_root_dir = os.fspath(default_root_dir) if default_root_dir is not None else os.getcwd()
        self.callbacks: list = list(callbacks) if isinstance(callbacks, (list, tuple)) else [callbacks] if callbacks else []
        if enable_checkpointing is not False and not any(isinstance(c, ModelCheckpoint) for c in self.callbacks):
            self.callbacks.append(ModelCheckpoint())
        if logger is None or logger is True:
            logger = CSVLogger()
        self.loggers = [] if logger is False else list(logger) if isinstance(logger, (list, tuple)) else [logger]
        self.state = _TrainerState()
        self.training = self.sanity_checking = self.should_stop = False
        self.current_epoch = self.global_step = 0
        self.callback_metrics: dict = {}
        self.datamodule: Optional[LightningDataModule] = None
        self._data: tuple = (None, None, None)

    @classmethod
    def from_argparse_args(cls, args: Any, **kwargs: Any) -> "Trainer":
        """Lightning 1.x's API (absent from 2.x): the Trainer's own arguments taken from an argparse Namespace."""
        params = inspect.signature(cls.__init__).parameters
        merged = {k: v for k, v in vars(args).items() if k in params}
        merged.update(kwargs)
        return cls(**merged)

    lightning_module = property(lambda self: self.strategy.lightning_module)
    model = property(lambda self: self.strategy.model)
    optimizers = property(lambda self: self.strategy.optimizers)
    lr_scheduler_configs = property(lambda self: self.strategy.lr_scheduler_configs)
    world_size = property(lambda self: getattr(self.strategy, "world_size", 1))
    num_devices = property(lambda self: self._connector._num_devices)
    num_nodes = property(lambda self: self._connector._num_nodes_flag)
    global_rank = local_rank = node_rank = property(lambda self: 0)
    is_global_zero = property(lambda self: True)
    logger = property(lambda self: self.loggers[0] if self.loggers else None)
    log_dir = property(lambda self: self.default_root_dir)
    logged_metrics = progress_bar_metrics = property(lambda self: self.callback_metrics)
    checkpoint_callback = property(lambda self: next((c for c in self.callbacks if isinstance(c, ModelCheckpoint)), None))

    @contextmanager
    def init_module(self, empty_init: Optional[bool] = None) -> Generator:
        # mirrors trainer.py Trainer.init_module
        with self.strategy.tensor_init_context(empty_init=empty_init):
            yield

    def fit(self, model: Any, train_dataloaders: Any = None, val_dataloaders: Any = None, datamodule: Any = None,
            ckpt_path: Any = None, weights_only: Any = None) -> None:
        # mirrors trainer.py Trainer.fit (line 577) and _fit_impl
        model = _maybe_unwrap_optimized(model)
        self.strategy._lightning_module = model
        _verify_strategy_supports_compile(model, self.strategy)
        if isinstance(train_dataloaders, LightningDataModule):
            datamodule, train_dataloaders = train_dataloaders, None
        if (train_dataloaders is not None or val_dataloaders is not None) and datamodule is not None:
            raise MisconfigurationException(
                "You cannot pass `train_dataloader` or `val_dataloaders` to `trainer.fit(datamodule=...)`"
            )
        self.state.fn, self.training = "fit", True
        self._data = (train_dataloaders, val_dataloaders, datamodule)
        self._run(model, ckpt_path)

    def validate(self, model: Any = None, dataloaders: Any = None, ckpt_path: Any = None, verbose: bool = True,
                 datamodule: Any = None, weights_only: Any = None) -> list:
        return self._evaluate("validate", model, dataloaders, datamodule)

    def test(self, model: Any = None, dataloaders: Any = None, ckpt_path: Any = None, verbose: bool = True,
             datamodule: Any = None, weights_only: Any = None) -> list:
        return self._evaluate("test", model, dataloaders, datamodule)

    def predict(self, model: Any = None, dataloaders: Any = None, datamodule: Any = None, return_predictions: Any = None,
                ckpt_path: Any = None, weights_only: Any = None) -> list:
        return self._evaluate("predict", model, dataloaders, datamodule)

    def _evaluate(self, fn: str, model: Any, dataloaders: Any, datamodule: Any) -> list:
        # mirrors trainer.py Trainer.validate / test / predict (lines 696, 815, 935)
        if model is None:
            model = self.lightning_module
            if model is None:
                raise MisconfigurationException(f"`model` must be provided to `trainer.{fn}()` when it hasn't been passed in a previous run")
        model = _maybe_unwrap_optimized(model)
        self.strategy._lightning_module = model
        _verify_strategy_supports_compile(model, self.strategy)
        if isinstance(dataloaders, LightningDataModule):
            datamodule, dataloaders = dataloaders, None
        self.state.fn, self.training = fn, False
        self._data = (None, dataloaders, datamodule)
        return self._run(model, None)

    def _run(self, model: LightningModule, ckpt_path: Any) -> Any:
        # mirrors trainer.py Trainer._run (line 997): the same order of steps
        fn = self.state.fn
        self.strategy.connect(model)
        model.trainer = self
        self.callbacks.extend(_as_list(model.configure_callbacks()))
        datamodule = self._data[2]
        if datamodule is not None:
            datamodule.trainer, self.datamodule = self, datamodule
        _verify_loop_configurations(self, model)
        self.strategy.setup_environment()
        for holder in (datamodule, model):
            if holder is not None:
                holder.prepare_data()
        if datamodule is not None:
            datamodule.setup(stage=fn)
        for callback in self.callbacks:
            callback.setup(self, model, stage=fn)
        model.setup(stage=fn)
        model.configure_model()
        self.strategy.setup(self)
        if ckpt_path is not None:
            self._restore(ckpt_path)
        if fn == "fit":
            self._call_hooks("on_fit_start")
            self._fit_loop()
            self._call_hooks("on_fit_end")
            result = None
        else:
            outputs = loops.evaluate(self, fn, self._eval_dataloaders(fn), getattr(self, f"limit_{'val' if fn == 'validate' else fn}_batches"))
            result = outputs if fn == "predict" else [dict(self.callback_metrics)]
        for callback in self.callbacks:
            callback.teardown(self, model, stage=fn)
        model.teardown(stage=fn)
        return result

    def _fit_loop(self) -> None:
        # mirrors loops/fit_loop.py and training_epoch_loop.py: epochs of batches, validation at each epoch's end
        model = self.lightning_module
        train = self._train_dataloader()
        val = self._eval_dataloaders("validate") if _is_overridden("validation_step", model, LightningModule) else []
        if self.max_epochs is None:
            # mirrors trainer.py _parse_loop_limits: no limit at all means 1000 epochs
            self.max_epochs = 1000 if self.max_steps == -1 else -1
        if val and self.num_sanity_val_steps:
            self.sanity_checking = True
            loops.evaluate(self, "sanity", val, self.num_sanity_val_steps if self.num_sanity_val_steps > 0 else None)
            self.sanity_checking = False
            self.callback_metrics.clear()
        model.train()
        self._call_hooks("on_train_start")
        while not self._done():
            self._call_hooks("on_train_epoch_start")
            num_batches = loops._num_batches(train, self.limit_train_batches)
            for batch_idx, batch in enumerate(train):
                if batch_idx >= num_batches or self._done():
                    break
                batch = self._transfer(batch, 0)
                if self._call_hooks("on_train_batch_start", batch, batch_idx) == -1:
                    break
                if model.automatic_optimization:
                    outputs = loops.automatic_step(self, batch, batch_idx, batch_idx + 1 >= num_batches)
                else:
                    outputs = loops.manual_step(self, batch, batch_idx)
                self._call_hooks("on_train_batch_end", outputs, batch, batch_idx)
                self._step_schedulers("step")
            if val and (self.current_epoch + 1) % (self.check_val_every_n_epoch or 1) == 0:
                loops.evaluate(self, "validate", val, self.limit_val_batches)
            self._call_hooks("on_train_epoch_end")
            self._step_schedulers("epoch")
            self.current_epoch += 1
        self._call_hooks("on_train_end")

    def _done(self) -> bool:
        steps_done = self.max_steps != -1 and self.global_step >= self.max_steps
        epochs_done = self.max_epochs != -1 and self.current_epoch >= self.max_epochs
        return self.should_stop or steps_done or epochs_done

    def _step_schedulers(self, interval: str) -> None:
        # mirrors training_epoch_loop.py update_lr_schedulers: Lightning steps the schedulers (DeepSpeed's included)
        if not self.lightning_module.automatic_optimization:
            return
        for config in self.lr_scheduler_configs:
            if config is not None and config.interval == interval:
                metric = self.callback_metrics.get(config.monitor) if config.reduce_on_plateau else None
                self.lightning_module.lr_scheduler_step(config.scheduler, metric)

    def _count_manual_step(self) -> None:
        self.global_step += 1

    def _call_hooks(self, name: str, *args: Any) -> Any:
        # mirrors trainer/call.py: the callbacks' hook, then the LightningModule's
        for callback in self.callbacks:
            getattr(callback, name)(self, self.lightning_module, *args)
        return getattr(self.lightning_module, name)(*args)

    def _transfer(self, batch: Any, dataloader_idx: int) -> Any:
        # mirrors the batch transfer hooks (core/hooks.py DataHooks), on the CPU
        module = self.lightning_module
        for hook in ("on_before_batch_transfer", "on_after_batch_transfer"):
            if _is_overridden(hook, module, LightningModule):
                batch = getattr(module, hook)(batch, dataloader_idx)
        return batch

    def _source(self, hook: str) -> Any:
        datamodule = self._data[2]
        if datamodule is not None and _is_overridden(hook, datamodule, LightningDataModule):
            return getattr(datamodule, hook)()
        if hasattr(type(self.lightning_module), hook):
            return getattr(self.lightning_module, hook)()
        return None

    def _prepare(self, dataloader: Any) -> Any:
        # mirrors data_connector.py _process_dataloader: a DistributedSampler for this process's share
        kwargs = self.strategy.distributed_sampler_kwargs
        if (self.use_distributed_sampler and kwargs and isinstance(dataloader, DataLoader)
                and not isinstance(dataloader.sampler, DistributedSampler)):
            return _with_distributed_sampler(dataloader, kwargs)
        return dataloader

    def _train_dataloader(self) -> Any:
        loader = self._data[0] if self._data[0] is not None else self._source("train_dataloader")
        if loader is None:
            # mirrors core/hooks.py DataHooks.train_dataloader: no dataloader given and none defined
            raise MisconfigurationException("`train_dataloader` must be implemented to be used with the Lightning Trainer")
        return self._prepare(loader)

    def _eval_dataloaders(self, fn: str) -> list:
        hook = {"validate": "val_dataloader", "test": "test_dataloader", "predict": "predict_dataloader"}[fn]
        loaders = self._data[1] if self._data[1] is not None else self._source(hook)
        return [self._prepare(dl) for dl in _as_list(loaders)]

    def save_checkpoint(self, filepath: Any, weights_only: bool = False, storage_options: Any = None) -> None:
        # mirrors trainer.py Trainer.save_checkpoint and checkpoint_connector.dump_checkpoint
        model = self.lightning_module
        checkpoint = {
            "epoch": self.current_epoch, "global_step": self.global_step, "pytorch-lightning_version": "2.6.5",
            "state_dict": self.strategy.lightning_module_state_dict(), "hyper_parameters": dict(model.hparams),
        }
        if not weights_only:
            checkpoint["optimizer_states"] = [opt.state_dict() for opt in self.optimizers]
            checkpoint["lr_schedulers"] = [c.scheduler.state_dict() for c in self.lr_scheduler_configs if c is not None]
        model.on_save_checkpoint(checkpoint)
        self.strategy.save_checkpoint(checkpoint, filepath, storage_options=storage_options)

    def _restore(self, ckpt_path: Any) -> None:
        if isinstance(self.strategy, DeepSpeedStrategy):
            _, checkpoint = self.strategy.model.load_checkpoint(ckpt_path, tag="checkpoint")
        else:
            checkpoint = torch.load(ckpt_path)
            self.lightning_module.load_state_dict(checkpoint["state_dict"])
            for optimizer, state in zip(self.optimizers, checkpoint.get("optimizer_states", [])):
                optimizer.load_state_dict(state)
        self.lightning_module.on_load_checkpoint(checkpoint)
        self.global_step, self.current_epoch = checkpoint["global_step"], checkpoint["epoch"] + 1


def _as_list(value: Any) -> list:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def _maybe_unwrap_optimized(model: Any) -> LightningModule:
    # mirrors src/lightning/pytorch/utilities/compile.py _maybe_unwrap_optimized (line 105) and from_compiled
    if isinstance(model, OptimizedModule):
        original = model._orig_mod
        if not isinstance(original, LightningModule):
            raise ValueError(
                f"`model` is expected to be a compiled LightningModule. Found a `{type(original).__name__}` instead"
            )
        original._compiler_ctx = {"compiler": "dynamo", "dynamo_ctx": model.dynamo_ctx}
        return original
    if isinstance(model, LightningModule):
        return model
    raise TypeError(
        f"`model` must be a `LightningModule` or `torch._dynamo.OptimizedModule`, got `{type(model).__qualname__}`"
    )


def _verify_strategy_supports_compile(model: LightningModule, strategy: Any) -> None:
    # mirrors src/lightning/pytorch/utilities/compile.py _verify_strategy_supports_compile (line 116)
    if model._compiler_ctx is not None:
        supported_strategies = (SingleDeviceStrategy, DDPStrategy, FSDPStrategy)
        if not isinstance(strategy, supported_strategies) or isinstance(strategy, DeepSpeedStrategy):
            supported_strategy_names = ", ".join(s.__name__ for s in supported_strategies)
            raise RuntimeError(
                f"Using a compiled model is incompatible with the current strategy: `{type(strategy).__name__}`."
                f" Only {supported_strategy_names} support compilation. Either switch to one of the supported"
                " strategies or avoid passing in compiled model."
            )


def _verify_loop_configurations(trainer: Trainer, model: LightningModule) -> None:
    # mirrors src/lightning/pytorch/trainer/configuration_validator.py (2.6.5)
    fn = trainer.state.fn
    if fn == "fit":
        if not _is_overridden("training_step", model, LightningModule):
            raise MisconfigurationException(
                "No `training_step()` method defined. Lightning `Trainer` expects as minimum a"
                " `training_step()`, `train_dataloader()` and `configure_optimizers()` to be defined."
            )
        if not _is_overridden("configure_optimizers", model, LightningModule):
            raise MisconfigurationException(
                "No `configure_optimizers()` method defined. Lightning `Trainer` expects as minimum a"
                " `training_step()`, `train_dataloader()` and `configure_optimizers()` to be defined."
            )
        if not model.automatic_optimization:
            if trainer.gradient_clip_val is not None and trainer.gradient_clip_val > 0:
                raise MisconfigurationException(
                    "Automatic gradient clipping is not supported for manual optimization."
                    f" Remove `Trainer(gradient_clip_val={trainer.gradient_clip_val})`"
                    " or switch to automatic optimization."
                )
            if trainer.accumulate_grad_batches != 1:
                raise MisconfigurationException(
                    "Automatic gradient accumulation is not supported for manual optimization."
                    f" Remove `Trainer(accumulate_grad_batches={trainer.accumulate_grad_batches})`"
                    " or switch to automatic optimization."
                )
    removed = {"training_epoch_end": "on_train_epoch_end", "validation_epoch_end": "on_validation_epoch_end",
               "test_epoch_end": "on_test_epoch_end"}
    for name, hook in removed.items():
        if callable(getattr(type(model), name, None)):
            # mirrors configuration_validator.py: the epoch-end hooks removed in 2.0
            raise NotImplementedError(
                f"Support for `{name}` has been removed in v2.0.0. `{type(model).__name__}` implements this"
                f" method. You can use the `{hook}` hook instead. To access outputs, save them in-memory"
                " as instance attributes."
                " You can find migration examples in https://github.com/Lightning-AI/pytorch-lightning/pull/16520."
            )
    if fn in ("validate", "test") and not _is_overridden(f"{'validation' if fn == 'validate' else fn}_step", model, LightningModule):
        step = "validation_step" if fn == "validate" else "test_step"
        # mirrors configuration_validator.py __verify_eval_loop_configuration
        raise MisconfigurationException(f"No `{step}()` method defined to run `Trainer.{fn}`.")


__all__ = ["Callback", "Trainer"]
