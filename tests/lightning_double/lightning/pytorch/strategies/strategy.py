"""The Trainer's strategies other than DeepSpeed (src/lightning/pytorch/strategies/, 2.6.5), in one CPU process.

They are classes of their own, apart from Fabric's: a Fabric strategy given to a Trainer is refused."""
from contextlib import contextmanager
from typing import Any, Generator, Optional

import torch
from torch.nn import Module

from lightning.pytorch.core.optimizer import LightningOptimizer, _init_optimizers_and_lr_schedulers
from lightning.pytorch.plugins.precision import Precision


class Strategy:
    # mirrors src/lightning/pytorch/strategies/strategy.py Strategy (2.6.5)
    def __init__(self, accelerator: Any = None, checkpoint_io: Any = None, precision_plugin: Optional[Precision] = None) -> None:
        self._accelerator = accelerator
        self._checkpoint_io = checkpoint_io
        self._precision_plugin = precision_plugin
        self._lightning_module: Any = None
        self._model: Optional[Module] = None
        self._optimizers: list = []
        self._lightning_optimizers: list = []
        self.lr_scheduler_configs: list = []

    accelerator = property(lambda self: self._accelerator, lambda self, value: setattr(self, "_accelerator", value))

    @property
    def precision_plugin(self) -> Precision:
        return self._precision_plugin if self._precision_plugin is not None else Precision()

    @precision_plugin.setter
    def precision_plugin(self, precision_plugin: Precision) -> None:
        self._precision_plugin = precision_plugin

    root_device = property(lambda self: torch.device("cpu"))
    is_global_zero = property(lambda self: True)
    world_size = property(lambda self: 1)
    global_rank = property(lambda self: 0)
    local_rank = property(lambda self: 0)
    node_rank = property(lambda self: 0)
    handles_gradient_accumulation = property(lambda self: False)
    distributed_sampler_kwargs: Optional[dict] = None

    @property
    def optimizers(self) -> list:
        return self._optimizers

    @optimizers.setter
    def optimizers(self, optimizers: list) -> None:
        # mirrors strategy.py Strategy.optimizers setter: each wrapped in a LightningOptimizer
        self._optimizers = optimizers
        self._lightning_optimizers = [LightningOptimizer._to_lightning_optimizer(opt, self) for opt in optimizers]

    @property
    def model(self) -> Optional[Module]:
        return self._model if self._model is not None else self._lightning_module

    @model.setter
    def model(self, new_model: Optional[Module]) -> None:
        self._model = new_model

    @property
    def lightning_module(self) -> Any:
        return self._lightning_module

    def connect(self, model: Any) -> None:
        self._lightning_module = model
        self.model = model

    def _configure_launcher(self) -> None:
        pass

    def setup_environment(self) -> None:
        pass

    def setup(self, trainer: Any) -> None:
        # mirrors strategy.py Strategy.setup: optimizers from configure_optimizers when fitting
        self.model = self.precision_plugin.convert_module(self.model)
        if trainer.state.fn == "fit":
            self.setup_optimizers(trainer)

    def setup_optimizers(self, trainer: Any) -> None:
        self.optimizers, self.lr_scheduler_configs = _init_optimizers_and_lr_schedulers(self.lightning_module)

    def backward(self, closure_loss: torch.Tensor, optimizer: Any, *args: Any, **kwargs: Any) -> torch.Tensor:
        # mirrors strategy.py Strategy.backward (line 192)
        closure_loss = self.precision_plugin.pre_backward(closure_loss, self.lightning_module)
        self.precision_plugin.backward(closure_loss, self.lightning_module, optimizer, *args, **kwargs)
        return self.precision_plugin.post_backward(closure_loss, self.lightning_module)

    def optimizer_step(self, optimizer: Any, closure: Any, model: Any = None, **kwargs: Any) -> Any:
        # mirrors strategy.py Strategy.optimizer_step (line 220)
        model = model or self.lightning_module
        return self.precision_plugin.optimizer_step(optimizer, model=model, closure=closure, **kwargs)

    def training_step(self, *args: Any, **kwargs: Any) -> Any:
        return self.lightning_module.training_step(*args, **kwargs)

    def validation_step(self, *args: Any, **kwargs: Any) -> Any:
        return self.lightning_module.validation_step(*args, **kwargs)

    def test_step(self, *args: Any, **kwargs: Any) -> Any:
        return self.lightning_module.test_step(*args, **kwargs)

    def predict_step(self, *args: Any, **kwargs: Any) -> Any:
        return self.lightning_module.predict_step(*args, **kwargs)

    @contextmanager
    def tensor_init_context(self, empty_init: Optional[bool] = None) -> Generator[None, None, None]:
        yield

    @contextmanager
    def model_sharded_context(self) -> Generator[None, None, None]:
        yield

    def barrier(self, name: Optional[str] = None) -> None:
        pass

    def broadcast(self, obj: Any, src: int = 0) -> Any:
        return obj

    def reduce(self, tensor: Any, *args: Any, **kwargs: Any) -> Any:
        return tensor

    def lightning_module_state_dict(self) -> dict:
        return self.lightning_module.state_dict()

    def save_checkpoint(self, checkpoint: dict, filepath: Any, storage_options: Any = None) -> None:
        if self.is_global_zero:
            torch.save(checkpoint, filepath)

    def teardown(self) -> None:
        pass


class SingleDeviceStrategy(Strategy):
    # mirrors src/lightning/pytorch/strategies/single_device.py SingleDeviceStrategy (2.6.5)
    def __init__(self, device: Any = "cpu", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._device = device

    @classmethod
    def register_strategies(cls, registry: dict) -> None:
        registry["single_device"] = (cls, {})


class ParallelStrategy(Strategy):
    # mirrors src/lightning/pytorch/strategies/parallel.py ParallelStrategy (2.6.5)
    def __init__(self, accelerator: Any = None, parallel_devices: Optional[list] = None, **kwargs: Any) -> None:
        super().__init__(accelerator=accelerator, precision_plugin=kwargs.get("precision_plugin"))
        self.parallel_devices = parallel_devices
        self._num_nodes = 1

    num_nodes = property(lambda self: self._num_nodes)
    num_processes = property(lambda self: len(self.parallel_devices) if self.parallel_devices is not None else 0)
    world_size = property(lambda self: self.num_processes * self.num_nodes)

    @property
    def distributed_sampler_kwargs(self) -> dict:  # type: ignore[override]
        return {"num_replicas": self.world_size, "rank": self.global_rank}


class DDPStrategy(ParallelStrategy):
    # mirrors src/lightning/pytorch/strategies/ddp.py DDPStrategy (2.6.5)
    def __init__(self, *args: Any, start_method: str = "popen", find_unused_parameters: bool = False, **kwargs: Any) -> None:
        kwargs = {k: v for k, v in kwargs.items() if k in ("accelerator", "parallel_devices", "precision_plugin")}
        super().__init__(*args, **kwargs)
        self._start_method = start_method

    @classmethod
    def register_strategies(cls, registry: dict) -> None:
        # mirrors ddp.py DDPStrategy.register_strategies (line 372)
        for name, start_method in (("ddp", "popen"), ("ddp_spawn", "spawn"), ("ddp_fork", "fork"), ("ddp_notebook", "fork")):
            registry[name] = (cls, {"start_method": start_method})
            for fup in (False, True):
                registry[f"{name}_find_unused_parameters_{str(fup).lower()}"] = (
                    cls, {"start_method": start_method, "find_unused_parameters": fup},
                )


class FSDPStrategy(ParallelStrategy):
    # mirrors src/lightning/pytorch/strategies/fsdp.py FSDPStrategy (2.6.5)
    def __init__(self, *args: Any, cpu_offload: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **{k: v for k, v in kwargs.items() if k in ("accelerator", "parallel_devices")})

    @classmethod
    def register_strategies(cls, registry: dict) -> None:
        registry["fsdp"] = (cls, {})
        registry["fsdp_cpu_offload"] = (cls, {"cpu_offload": True})


class XLAStrategy(ParallelStrategy):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # mirrors src/lightning/pytorch/strategies/xla.py XLAStrategy.__init__ (2.6.5): torch_xla is absent here
        raise ModuleNotFoundError("DistributionNotFound: The 'torch_xla' distribution was not found")

    @classmethod
    def register_strategies(cls, registry: dict) -> None:
        for name in ("xla", "xla_debug", "single_xla"):
            registry[name] = (cls, {})
