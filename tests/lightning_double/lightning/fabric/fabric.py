"""Fabric, in one process on the CPU; the checks are Lightning's (src/lightning/fabric/fabric.py, 2.6.5)."""
import inspect
import os
from contextlib import contextmanager, nullcontext
from functools import partial
from typing import Any, Callable, ContextManager, Generator, Optional

import torch
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, RandomSampler

import lightning.fabric.wrappers as _wrappers
from lightning.fabric.connector import _Connector
from lightning.fabric.strategies import DataParallelStrategy, DeepSpeedStrategy, SingleDeviceStrategy
from lightning.fabric.utilities.apply_func import apply_to_collection, convert_tensors_to_scalars, move_data_to_device
from lightning.fabric.utilities.seed import seed_everything
from lightning.fabric.wrappers import _FabricDataLoader, _FabricModule, _FabricOptimizer, _unwrap_compiled, _unwrap_objects


def _do_nothing(*_: Any) -> None:
    pass


class Fabric:
    def __init__(
        self,
        *,
        accelerator: Any = "auto",
        strategy: Any = "auto",
        devices: Any = "auto",
        num_nodes: int = 1,
        precision: Any = None,
        plugins: Any = None,
        callbacks: Any = None,
        loggers: Any = None,
    ) -> None:
        # mirrors fabric.py Fabric.__init__ (line 134)
        self._connector = _Connector(
            accelerator=accelerator, strategy=strategy, devices=devices, num_nodes=num_nodes,
            precision=precision, plugins=plugins,
        )
        self._strategy = self._connector.strategy
        self._accelerator = self._connector.accelerator
        self._precision = self._strategy.precision
        callbacks = callbacks if callbacks is not None else []
        self._callbacks = callbacks if isinstance(callbacks, list) else [callbacks]
        loggers = loggers if loggers is not None else []
        self._loggers = loggers if isinstance(loggers, list) else [loggers]
        self._models_setup = 0
        self._launched = False
        # mirrors fabric.py Fabric._prepare_run_method: `run` is wrapped so that calling it launches
        setattr(self, "run", partial(self._wrap_and_launch, self.run))
        if _is_using_cli():
            # mirrors fabric.py Fabric.__init__: started by `fabric run`, the processes exist already
            self._strategy.setup_environment()
            self._launched = True

    accelerator = property(lambda self: self._accelerator)
    strategy = property(lambda self: self._strategy)
    device = property(lambda self: self._strategy.root_device)
    global_rank = property(lambda self: getattr(self._strategy, "global_rank", 0))
    local_rank = property(lambda self: getattr(self._strategy, "local_rank", 0))
    node_rank = property(lambda self: getattr(self._strategy, "node_rank", 0))
    world_size = property(lambda self: getattr(self._strategy, "world_size", 1))
    is_global_zero = property(lambda self: self._strategy.is_global_zero)
    loggers = property(lambda self: self._loggers)
    logger = property(lambda self: self._loggers[0])

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """Overridden by a subclass (the LightningLite style); calling it launches."""

    def setup(self, module: nn.Module, *optimizers: Any, scheduler: Any = None, move_to_device: bool = True, _reapply_compile: bool = True) -> Any:
        # mirrors fabric.py Fabric.setup (line 229)
        self._validate_setup(module, optimizers)
        module, compile_kwargs = _unwrap_compiled(module) if _reapply_compile else (module, None)
        original_module = module
        module = self._precision.convert_module(module)
        if move_to_device:
            module = self.to_device(module)
        if optimizers:
            module, optimizers, scheduler = self._strategy.setup_module_and_optimizers(module, list(optimizers), scheduler)
        else:
            module = self._strategy.setup_module(module)
        if compile_kwargs is not None:
            module = torch.compile(module, **compile_kwargs)
        module = _FabricModule(module, self._strategy, original_module=original_module)
        optimizers = [_FabricOptimizer(optimizer, self._strategy, self._callbacks) for optimizer in optimizers]
        self._models_setup += 1
        if hasattr(original_module, "_fabric"):  # a LightningModule
            original_module._fabric = self
            original_module._fabric_optimizers = optimizers
            if original_module not in self._callbacks:
                self._callbacks.append(original_module)
        self.call("on_after_setup", fabric=self, module=module)
        if optimizers:
            return (module, *optimizers, scheduler) if scheduler is not None else (module, *optimizers)
        return module

    def setup_module(self, module: nn.Module, move_to_device: bool = True, _reapply_compile: bool = True) -> _FabricModule:
        # mirrors fabric.py Fabric.setup_module (line 315)
        self._validate_setup_module(module)
        module, compile_kwargs = _unwrap_compiled(module) if _reapply_compile else (module, None)
        original_module = module
        module = self._precision.convert_module(module)
        if move_to_device:
            module = self.to_device(module)
        module = self._strategy.setup_module(module)
        if compile_kwargs is not None:
            module = torch.compile(module, **compile_kwargs)
        module = _FabricModule(module, self._strategy, original_module=original_module)
        if hasattr(original_module, "_fabric"):
            original_module._fabric = self
            if original_module not in self._callbacks:
                self._callbacks.append(original_module)
        self._models_setup += 1
        return module

    def setup_optimizers(self, *optimizers: Any) -> Any:
        # mirrors fabric.py Fabric.setup_optimizers (line 376)
        self._validate_setup_optimizers(optimizers)
        optimizers = [self._strategy.setup_optimizer(optimizer) for optimizer in optimizers]
        optimizers = [_FabricOptimizer(optimizer, self._strategy, self._callbacks) for optimizer in optimizers]
        return optimizers[0] if len(optimizers) == 1 else tuple(optimizers)

    def setup_dataloaders(self, *dataloaders: DataLoader, use_distributed_sampler: bool = True, move_to_device: bool = True) -> Any:
        # mirrors fabric.py Fabric.setup_dataloaders (line 412) and _setup_dataloader
        self._validate_setup_dataloaders(dataloaders)
        wrapped = []
        for dataloader in dataloaders:
            kwargs = getattr(self._strategy, "distributed_sampler_kwargs", None)
            if use_distributed_sampler and kwargs is not None and not isinstance(dataloader.sampler, DistributedSampler):
                dataloader = _with_distributed_sampler(dataloader, kwargs)
            wrapped.append(_FabricDataLoader(dataloader, device=self.device if move_to_device else None))
        return wrapped[0] if len(wrapped) == 1 else wrapped

    def backward(self, tensor: torch.Tensor, *args: Any, model: Optional[_FabricModule] = None, **kwargs: Any) -> None:
        # mirrors fabric.py Fabric.backward (line 482); `model._forward_module` on a module that was not set up
        # raises torch's AttributeError "'X' object has no attribute '_forward_module'"
        module = model._forward_module if model is not None else model
        module, _ = _unwrap_compiled(module)
        if isinstance(self._strategy, DeepSpeedStrategy):
            if model is None:
                if self._models_setup == 0:
                    raise RuntimeError("No models were set up for backward. Did you forget to call `fabric.setup()`?")
                if self._models_setup > 1:
                    raise ValueError(
                        "When using multiple models + deepspeed, please provide the model used to perform"
                        " the optimization: `self.backward(loss, model=model)`"
                    )
                module = self._strategy.model
            else:
                # "requires to attach the current `DeepSpeedEngine` for the `_FabricOptimizer.step` call."
                self._strategy._deepspeed_engine = module
        _wrappers._in_fabric_backward = True
        try:
            self._strategy.backward(tensor, module, *args, **kwargs)
        finally:
            _wrappers._in_fabric_backward = False

    def clip_gradients(self, module: Any, optimizer: Any, clip_val: Any = None, max_norm: Any = None,
                       norm_type: Any = 2.0, error_if_nonfinite: bool = True) -> Optional[torch.Tensor]:
        # mirrors fabric.py Fabric.clip_gradients (line 527)
        if clip_val is not None and max_norm is not None:
            raise ValueError(
                "Only one of `clip_val` or `max_norm` can be set as this specifies the underlying clipping algorithm!"
            )
        if clip_val is not None:
            self.strategy.clip_gradients_value(_unwrap_objects(module), _unwrap_objects(optimizer), clip_val=clip_val)
            return None
        if max_norm is not None:
            return self.strategy.clip_gradients_norm(
                _unwrap_objects(module), _unwrap_objects(optimizer), max_norm=max_norm, norm_type=norm_type,
                error_if_nonfinite=error_if_nonfinite,
            )
        raise ValueError("You have to specify either `clip_val` or `max_norm` to do gradient clipping!")

    def autocast(self) -> ContextManager:
        return self._precision.forward_context()

    def to_device(self, obj: Any) -> Any:
        # mirrors fabric.py Fabric.to_device
        if isinstance(obj, nn.Module):
            self._strategy.module_to_device(obj)
            return obj
        return move_data_to_device(obj, device=self.device)

    def print(self, *args: Any, **kwargs: Any) -> None:
        if self.local_rank == 0:
            print(*args, **kwargs)

    def barrier(self, name: Optional[str] = None) -> None:
        # mirrors fabric.py Fabric.barrier
        self._validate_launched()
        self._strategy.barrier(name=name)

    def broadcast(self, obj: Any, src: int = 0) -> Any:
        self._validate_launched()
        return self._strategy.broadcast(obj, src=src)

    def all_gather(self, data: Any, group: Any = None, sync_grads: bool = False) -> Any:
        # mirrors fabric.py Fabric.all_gather; one process: the data comes back as it is (identity)
        self._validate_launched()
        return apply_to_collection(_to_tensors(data), torch.Tensor, self._strategy.all_gather, group=group, sync_grads=sync_grads)

    def all_reduce(self, data: Any, group: Any = None, reduce_op: Any = "mean") -> Any:
        self._validate_launched()
        return apply_to_collection(_to_tensors(data), torch.Tensor, self._strategy.all_reduce, group=group, reduce_op=reduce_op)

    @contextmanager
    def rank_zero_first(self, local: bool = False) -> Generator:
        yield

    def no_backward_sync(self, module: _FabricModule, enabled: bool = True) -> ContextManager:
        # mirrors fabric.py Fabric.no_backward_sync (line 733)
        module, _ = _unwrap_compiled(module)
        if not isinstance(module, _FabricModule):
            raise TypeError(
                "You need to set up the model first before you can call `fabric.no_backward_sync()`:"
                " `model = fabric.setup(model, ...)`"
            )
        if isinstance(self._strategy, SingleDeviceStrategy):
            return nullcontext()
        if self._strategy._backward_sync_control is None:
            return nullcontext()  # Lightning warns that the strategy cannot skip the synchronization
        forward_module, _ = _unwrap_compiled(module._forward_module)
        return self._strategy._backward_sync_control.no_backward_sync(forward_module, enabled)

    def init_tensor(self) -> ContextManager:
        return self._strategy.tensor_init_context()

    def init_module(self, empty_init: Optional[bool] = None) -> ContextManager:
        # mirrors fabric.py Fabric.init_module (line 805)
        self._validate_launched()
        return self._strategy.module_init_context(empty_init=empty_init)

    def sharded_model(self) -> ContextManager:
        self._validate_launched()
        return nullcontext()

    def save(self, path: Any, state: dict, filter: Optional[dict] = None) -> None:
        # mirrors fabric.py Fabric.save (line 820)
        if filter is not None:
            if not isinstance(filter, dict):
                raise TypeError(f"Filter should be a dictionary, given {filter!r}")
            if not set(filter).issubset(state):
                raise ValueError(
                    f"The filter keys {filter.keys() - state} are not present in the state keys {set(state)}."
                )
            for k, v in filter.items():
                if not callable(v):
                    raise TypeError(f"Expected `fabric.save(filter=...)` for key {k!r} to be a callable, given {v!r}")
        self._strategy.save_checkpoint(path=path, state=_unwrap_objects(state), filter=filter)
        self.barrier()

    def load(self, path: Any, state: Optional[dict] = None, strict: bool = True, *, weights_only: Any = None) -> dict:
        # mirrors fabric.py Fabric.load (line 869)
        unwrapped_state = _unwrap_objects(state)
        remainder = self._strategy.load_checkpoint(path=path, state=unwrapped_state, strict=strict)
        self.barrier()
        if state is not None:
            for k in list(unwrapped_state.keys()):
                obj, _ = _unwrap_compiled(state[k])
                if not isinstance(obj, (_FabricModule, _FabricOptimizer, _FabricDataLoader)):
                    state[k] = unwrapped_state[k]
        return remainder

    def load_raw(self, path: Any, obj: Any, strict: bool = True, *, weights_only: Any = None) -> None:
        self._strategy.load_checkpoint(path=path, state=_unwrap_objects(obj), strict=strict)

    def launch(self, function: Callable = _do_nothing, *args: Any, **kwargs: Any) -> Any:
        # mirrors fabric.py Fabric.launch (line 955)
        if _is_using_cli():
            raise RuntimeError(
                "This script was launched through the CLI, and processes have already been created. Calling "
                " `.launch()` again is not allowed."
            )
        if function is not _do_nothing:
            if not callable(function):
                raise TypeError(
                    f"`Fabric.launch(...)` needs to be a callable, but got {function}."
                    " HINT: do `.launch(your_fn)` instead of `.launch(your_fn())`"
                )
            if not inspect.signature(function).parameters:
                raise TypeError(
                    f"`Fabric.launch(function={function})` needs to take at least one argument. The launcher will"
                    " pass in the `Fabric` object so you can use it inside the function."
                )
        elif self._strategy.launcher is not None and self._strategy.launcher.spawns:
            raise TypeError(
                f"To spawn processes with the `{type(self.strategy).__name__}` strategy, `.launch()` needs to be called"
                " with a function that contains the code to launch in processes."
            )
        return self._wrap_and_launch(function, self, *args, **kwargs)

    def _wrap_and_launch(self, to_run: Callable, *args: Any, **kwargs: Any) -> Any:
        # mirrors fabric.py Fabric._wrap_and_launch / _wrap_with_setup: launched, then the environment is set up
        self._launched = True
        self._strategy.setup_environment()
        return to_run(*args, **kwargs)

    def call(self, hook_name: str, *args: Any, **kwargs: Any) -> None:
        # mirrors fabric.py Fabric.call: keyword arguments a callback does not take are left out
        for callback in self._callbacks:
            method = getattr(callback, hook_name, None)
            if not callable(method):
                continue
            params = inspect.signature(method).parameters
            takes_all = any(p.kind == p.VAR_KEYWORD for p in params.values())
            method(*args, **(kwargs if takes_all else {k: v for k, v in kwargs.items() if k in params}))

    def log(self, name: str, value: Any, step: Optional[int] = None) -> None:
        self.log_dict(metrics={name: value}, step=step)

    def log_dict(self, metrics: dict, step: Optional[int] = None) -> None:
        # mirrors fabric.py Fabric.log_dict
        metrics = convert_tensors_to_scalars(metrics)
        for logger in self._loggers:
            logger.log_metrics(metrics=metrics, step=step)

    @staticmethod
    def seed_everything(seed: Optional[int] = None, workers: Optional[bool] = None, verbose: bool = True) -> int:
        return seed_everything(seed=seed, workers=True if workers is None else workers, verbose=verbose)

    def _validate_launched(self) -> None:
        # mirrors fabric.py Fabric._validate_launched (line 1193)
        if not self._launched and not isinstance(self._strategy, (SingleDeviceStrategy, DataParallelStrategy)):
            raise RuntimeError(
                "To use Fabric with more than one device, you must call `.launch()` or use the CLI:"
                " `fabric run --help`."
            )

    def _validate_setup(self, module: nn.Module, optimizers: Any) -> None:
        # mirrors fabric.py Fabric._validate_setup (line 1200)
        self._validate_launched()
        if isinstance(module, _FabricModule):
            raise ValueError("A model should be passed only once to the `setup` method.")
        if any(isinstance(opt, _FabricOptimizer) for opt in optimizers):
            raise ValueError("An optimizer should be passed only once to the `setup` method.")

    def _validate_setup_module(self, module: nn.Module) -> None:
        # mirrors fabric.py Fabric._validate_setup_module (line 1218)
        self._validate_launched()
        if isinstance(module, _FabricModule):
            raise ValueError("A model should be passed only once to the `setup_module` method.")

    def _validate_setup_optimizers(self, optimizers: Any) -> None:
        # mirrors fabric.py Fabric._validate_setup_optimizers (line 1223)
        self._validate_launched()
        if isinstance(self._strategy, DeepSpeedStrategy):
            raise RuntimeError(
                f"The `{type(self._strategy).__name__}` requires the model and optimizer(s) to be set up jointly"
                " through `.setup(model, optimizer, ...)`."
            )
        if not optimizers:
            raise ValueError("`setup_optimizers` requires at least one optimizer as input.")
        if any(isinstance(opt, _FabricOptimizer) for opt in optimizers):
            raise ValueError("An optimizer should be passed only once to the `setup_optimizers` method.")

    def _validate_setup_dataloaders(self, dataloaders: Any) -> None:
        # mirrors fabric.py Fabric._validate_setup_dataloaders (line 1244)
        self._validate_launched()
        if not dataloaders:
            raise ValueError("`setup_dataloaders` requires at least one dataloader as input.")
        if any(isinstance(dl, _FabricDataLoader) for dl in dataloaders):
            raise ValueError("A dataloader should be passed only once to the `setup_dataloaders` method.")
        if any(not isinstance(dl, DataLoader) for dl in dataloaders):
            raise TypeError("Only PyTorch DataLoader are currently supported in `setup_dataloaders`.")


def _is_using_cli() -> bool:
    # mirrors src/lightning/fabric/connector.py _is_using_cli: `fabric run` sets LT_CLI_USED=1
    return bool(int(os.environ.get("LT_CLI_USED", "0")))


def _to_tensors(data: Any) -> Any:
    # mirrors src/lightning/fabric/utilities/apply_func.py convert_to_tensors: numbers become tensors
    return apply_to_collection(data, (int, float), lambda x: torch.tensor(x))


def _with_distributed_sampler(dataloader: DataLoader, kwargs: dict) -> DataLoader:
    # mirrors fabric.py Fabric._get_distributed_sampler and utilities/data.py _update_dataloader: this process
    # (rank 0) sees its share of the dataset, as in a job of `world_size` processes
    if not hasattr(dataloader.dataset, "__len__") or isinstance(dataloader.dataset, torch.utils.data.IterableDataset):
        return dataloader
    sampler = DistributedSampler(dataloader.dataset, shuffle=isinstance(dataloader.sampler, RandomSampler), **kwargs)
    return DataLoader(
        dataloader.dataset, batch_size=dataloader.batch_size, sampler=sampler, num_workers=dataloader.num_workers,
        collate_fn=dataloader.collate_fn, drop_last=dataloader.drop_last, pin_memory=dataloader.pin_memory,
    )
