"""Fabric's strategies other than DeepSpeed, in one process on the CPU.

DDP, DP and FSDP wrap the module in a thin stand-in (as Lightning wraps it in DistributedDataParallel, ...),
so that a set-up model's forward module differs from the original as it does in Lightning."""
from contextlib import nullcontext
from typing import Any, ContextManager, Optional

import torch
from torch import nn
from torch.optim import Optimizer

from lightning.fabric.plugins.precision import Precision


class _Launcher:
    # mirrors src/lightning/fabric/strategies/launchers: whether `.launch()` needs a function to run in processes
    def __init__(self, spawns: bool) -> None:
        self.spawns = spawns


class Strategy:
    # mirrors src/lightning/fabric/strategies/strategy.py Strategy (2.6.5)
    def __init__(self, accelerator: Any = None, checkpoint_io: Any = None, precision: Optional[Precision] = None) -> None:
        self._accelerator = accelerator
        self._checkpoint_io = checkpoint_io
        self._precision = precision
        self._launcher: Optional[_Launcher] = None
        self._backward_sync_control: Any = None

    @property
    def accelerator(self) -> Any:
        return self._accelerator

    @accelerator.setter
    def accelerator(self, accelerator: Any) -> None:
        self._accelerator = accelerator

    @property
    def precision(self) -> Precision:
        return self._precision if self._precision is not None else Precision()

    @precision.setter
    def precision(self, precision: Precision) -> None:
        self._precision = precision

    @property
    def launcher(self) -> Optional[_Launcher]:
        return self._launcher

    @property
    def root_device(self) -> torch.device:
        return torch.device("cpu")

    @property
    def is_global_zero(self) -> bool:
        return True

    def _configure_launcher(self) -> None:
        pass

    def setup_environment(self) -> None:
        pass

    def setup_module_and_optimizers(self, module: nn.Module, optimizers: list, scheduler: Any = None) -> tuple:
        # mirrors strategy.py Strategy.setup_module_and_optimizers
        module = self.setup_module(module)
        optimizers = [self.setup_optimizer(optimizer) for optimizer in optimizers]
        return module, optimizers, scheduler

    def setup_module(self, module: nn.Module) -> nn.Module:
        return module

    def setup_optimizer(self, optimizer: Optimizer) -> Optimizer:
        return optimizer

    def module_to_device(self, module: nn.Module) -> None:
        module.to(self.root_device)

    def module_init_context(self, empty_init: Optional[bool] = None) -> ContextManager:
        return self.precision.module_init_context()

    def tensor_init_context(self) -> ContextManager:
        return self.precision.tensor_init_context()

    def process_dataloader(self, dataloader: Any) -> Any:
        return dataloader

    def backward(self, tensor: torch.Tensor, module: Optional[nn.Module], *args: Any, **kwargs: Any) -> None:
        # mirrors strategy.py Strategy.backward
        self.precision.pre_backward(tensor, module)
        self.precision.backward(tensor, module, *args, **kwargs)
        self.precision.post_backward(tensor, module)

    def optimizer_step(self, optimizer: Any, **kwargs: Any) -> Any:
        # mirrors strategy.py Strategy.optimizer_step
        return self.precision.optimizer_step(optimizer, **kwargs)

    def clip_gradients_norm(
        self, module: nn.Module, optimizer: Any, max_norm: float, norm_type: float = 2.0, error_if_nonfinite: bool = True
    ) -> torch.Tensor:
        # mirrors strategy.py Strategy.clip_gradients_norm
        self.precision.unscale_gradients(optimizer)
        parameters = list(self.precision.main_params(optimizer))
        return torch.nn.utils.clip_grad_norm_(
            parameters, max_norm=max_norm, norm_type=norm_type, error_if_nonfinite=error_if_nonfinite
        )

    def clip_gradients_value(self, module: nn.Module, optimizer: Any, clip_val: float) -> None:
        # mirrors strategy.py Strategy.clip_gradients_value
        self.precision.unscale_gradients(optimizer)
        torch.nn.utils.clip_grad_value_(list(self.precision.main_params(optimizer)), clip_value=clip_val)

    def barrier(self, name: Optional[str] = None) -> None:
        pass

    def broadcast(self, obj: Any, src: int = 0) -> Any:
        return obj

    def all_gather(self, tensor: torch.Tensor, group: Any = None, sync_grads: bool = False) -> torch.Tensor:
        return tensor

    def all_reduce(self, tensor: Any, group: Any = None, reduce_op: Any = "mean") -> Any:
        return tensor

    def get_optimizer_state(self, optimizer: Any) -> dict:
        return optimizer.state_dict()

    def _convert_stateful_objects_in_state(self, state: dict, filter: dict) -> dict:
        # mirrors strategy.py Strategy._convert_stateful_objects_in_state and _apply_filter
        converted_state = {}
        for key, obj in state.items():
            if isinstance(obj, nn.Module):
                converted = obj.state_dict()
            elif isinstance(obj, Optimizer) or hasattr(obj, "state_dict") and hasattr(obj, "load_state_dict"):
                converted = obj.state_dict()
            else:
                converted = obj
            if isinstance(converted, dict) and key in filter:
                converted = {k: v for k, v in converted.items() if filter[key](k, v)}
            converted_state[key] = converted
        return converted_state

    def save_checkpoint(self, path: Any, state: dict, storage_options: Any = None, filter: Optional[dict] = None) -> None:
        # mirrors strategy.py Strategy.save_checkpoint: convert, then rank 0 writes with torch.save
        state = self._convert_stateful_objects_in_state(state, filter=(filter or {}))
        if self.is_global_zero:
            torch.save(state, path)

    def load_checkpoint(self, path: Any, state: Any = None, strict: bool = True, weights_only: Any = None) -> dict:
        # mirrors strategy.py Strategy.load_checkpoint
        checkpoint = torch.load(path)
        if not state:
            return checkpoint
        if isinstance(state, nn.Module):
            state.load_state_dict(checkpoint, strict=strict)
            return {}
        if isinstance(state, Optimizer):
            state.load_state_dict(checkpoint)
            return {}
        # mirrors strategy.py _validate_keys_for_strict_loading
        missing = set(state) - set(checkpoint)
        if strict and missing:
            raise KeyError(
                f"The requested state contains a key '{missing.pop()}' that does not exist in the loaded checkpoint."
                f" To disable strict loading, set `strict=False`."
            )
        for name, obj in list(state.items()):
            if name not in checkpoint:
                continue
            if isinstance(obj, nn.Module):
                obj.load_state_dict(checkpoint.pop(name), strict=strict)
            elif hasattr(obj, "load_state_dict") and not isinstance(obj, dict):
                obj.load_state_dict(checkpoint.pop(name))
            else:
                state[name] = checkpoint.pop(name)
        return checkpoint


class SingleDeviceStrategy(Strategy):
    # mirrors src/lightning/fabric/strategies/single_device.py SingleDeviceStrategy (2.6.5)
    def __init__(self, device: Any = "cpu", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._device = device


class _ParallelModule(nn.Module):
    """Stands in for DistributedDataParallel / DataParallel / FSDP around the module: forward goes through."""

    def __init__(self, module: nn.Module) -> None:
        super().__init__()
        self.module = module

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        return self.module(*args, **kwargs)

    def no_sync(self) -> ContextManager:
        return nullcontext()


class _BackwardSyncControl:
    # mirrors src/lightning/fabric/strategies/ddp.py _DDPBackwardSyncControl.no_backward_sync (2.6.5)
    def no_backward_sync(self, module: nn.Module, enabled: bool) -> ContextManager:
        if not enabled:
            return nullcontext()
        if not isinstance(module, _ParallelModule):
            # mirrors ddp.py _DDPBackwardSyncControl.no_backward_sync: only a DDP-wrapped module
            raise TypeError(
                "Blocking backward sync is only possible if the module passed to"
                f" `{self.__class__.__name__}.no_backward_sync` is wrapped in `DistributedDataParallel`."
                f" Got: {module.__class__.__name__}."
            )
        return module.no_sync()


class ParallelStrategy(Strategy):
    # mirrors src/lightning/fabric/strategies/parallel.py ParallelStrategy (2.6.5)
    def __init__(self, accelerator: Any = None, parallel_devices: Optional[list] = None, **kwargs: Any) -> None:
        super().__init__(accelerator=accelerator, **kwargs)
        self.parallel_devices = parallel_devices
        self._num_nodes = 1
        self.cluster_environment = kwargs.get("cluster_environment")

    @property
    def num_nodes(self) -> int:
        return self._num_nodes

    @property
    def num_processes(self) -> int:
        return len(self.parallel_devices) if self.parallel_devices is not None else 0

    @property
    def world_size(self) -> int:
        return self.num_processes * self.num_nodes

    @property
    def global_rank(self) -> int:
        return 0

    @property
    def local_rank(self) -> int:
        return 0

    @property
    def node_rank(self) -> int:
        return 0

    @property
    def distributed_sampler_kwargs(self) -> dict:
        return {"num_replicas": self.world_size, "rank": self.global_rank}

    def setup_module(self, module: nn.Module) -> nn.Module:
        return _ParallelModule(module)


class DDPStrategy(ParallelStrategy):
    # mirrors src/lightning/fabric/strategies/ddp.py DDPStrategy (2.6.5)
    def __init__(self, *args: Any, start_method: str = "popen", find_unused_parameters: bool = False, **kwargs: Any) -> None:
        for name in ("process_group_backend", "timeout", "cluster_environment", "checkpoint_io"):
            kwargs.pop(name, None)
        super().__init__(*args, **kwargs)
        self._start_method = start_method
        self._backward_sync_control = _BackwardSyncControl()

    def _configure_launcher(self) -> None:
        # mirrors ddp.py DDPStrategy._configure_launcher: "popen" runs the script again, the others spawn a function
        self._launcher = _Launcher(spawns=self._start_method != "popen")

    @classmethod
    def register_strategies(cls, registry: dict) -> None:
        # mirrors ddp.py DDPStrategy.register_strategies
        for name, start_method in (("ddp", "popen"), ("ddp_spawn", "spawn"), ("ddp_fork", "fork"), ("ddp_notebook", "fork")):
            registry[name] = (cls, {"start_method": start_method})
        registry["ddp_find_unused_parameters_true"] = (cls, {"find_unused_parameters": True, "start_method": "popen"})


class DataParallelStrategy(ParallelStrategy):
    # mirrors src/lightning/fabric/strategies/dp.py DataParallelStrategy (2.6.5)
    @classmethod
    def register_strategies(cls, registry: dict) -> None:
        registry["dp"] = (cls, {})

    @property
    def world_size(self) -> int:
        return 1

    @property
    def distributed_sampler_kwargs(self) -> None:
        return None


class FSDPStrategy(ParallelStrategy):
    # mirrors src/lightning/fabric/strategies/fsdp.py FSDPStrategy (2.6.5)
    def __init__(self, *args: Any, cpu_offload: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **{k: v for k, v in kwargs.items() if k in ("accelerator", "parallel_devices", "precision")})
        self._backward_sync_control = _BackwardSyncControl()

    def _configure_launcher(self) -> None:
        self._launcher = _Launcher(spawns=False)

    @classmethod
    def register_strategies(cls, registry: dict) -> None:
        # mirrors fsdp.py FSDPStrategy.register_strategies
        registry["fsdp"] = (cls, {})
        registry["fsdp_cpu_offload"] = (cls, {"cpu_offload": True})


class XLAStrategy(ParallelStrategy):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # mirrors src/lightning/fabric/strategies/xla.py XLAStrategy.__init__ (2.6.5): torch_xla is absent here
        raise ModuleNotFoundError("DistributionNotFound: The 'torch_xla' distribution was not found")

    @classmethod
    def register_strategies(cls, registry: dict) -> None:
        for name in ("xla", "xla_fsdp", "single_xla"):
            registry[name] = (cls, {})
