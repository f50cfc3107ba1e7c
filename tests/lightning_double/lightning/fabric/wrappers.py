"""What `Fabric.setup` returns: the model, optimizer and dataloader wrappers."""
import inspect
from functools import partial, wraps
from types import MethodType
from typing import Any, Callable, Iterator, Optional

import torch
from torch import nn
from torch.utils.data import DataLoader

from lightning._compile import OptimizedModule
from lightning.fabric.plugins.precision import Precision
from lightning.fabric.strategies.strategy import Strategy
from lightning.fabric.utilities.apply_func import apply_to_collection, move_data_to_device
from lightning.fabric.utilities.types import Optimizable

_LIGHTNING_MODULE_STEP_METHODS = ("training_step", "validation_step", "test_step", "predict_step")

# mirrors src/lightning/fabric/wrappers.py _in_fabric_backward (2.6.5): set by Fabric.backward
_in_fabric_backward: bool = False


class _FabricOptimizer:
    def __init__(self, optimizer: Any, strategy: Strategy, callbacks: Optional[list] = None) -> None:
        # mirrors wrappers.py _FabricOptimizer.__init__: takes the optimizer's class, so isinstance checks hold
        self._optimizer = optimizer
        self._strategy = strategy
        self._callbacks = callbacks or []
        self.__class__ = type("Fabric" + optimizer.__class__.__name__, (self.__class__, optimizer.__class__), {})

    @property
    def optimizer(self) -> Any:
        return self._optimizer

    def state_dict(self) -> dict:
        return self._strategy.get_optimizer_state(self.optimizer)

    def load_state_dict(self, state_dict: dict) -> None:
        self.optimizer.load_state_dict(state_dict)

    def step(self, closure: Optional[Callable] = None) -> Any:
        # mirrors wrappers.py _FabricOptimizer.step (line 72): the strategy's `model` is stepped instead of this
        # optimizer only when it is `Optimizable`. A DeepSpeed engine is not (it has no `param_groups`, `defaults`,
        # `state`), neither in DeepSpeed nor in the double, so each optimizer steps its own DeepSpeed optimizer.
        kwargs = {"closure": closure} if closure is not None else {}
        if hasattr(self._strategy, "model") and isinstance(self._strategy.model, Optimizable):
            optimizer = self._strategy.model
        else:
            optimizer = self.optimizer
        output = self._strategy.optimizer_step(optimizer, **kwargs)
        for callback in self._callbacks:
            hook = getattr(callback, "on_after_optimizer_step", None)
            if callable(hook):
                hook(strategy=self._strategy, optimizer=optimizer)
        return output

    def __getattr__(self, item: Any) -> Any:
        return getattr(self._optimizer, item)


class _FabricModule(nn.Module):
    def __init__(self, forward_module: nn.Module, strategy: Strategy, original_module: Optional[nn.Module] = None) -> None:
        # mirrors wrappers.py _FabricModule.__init__
        super().__init__()
        self._forward_module = forward_module
        self._original_module = forward_module if original_module is None else original_module
        self._strategy = strategy
        self._forward_methods = set(_LIGHTNING_MODULE_STEP_METHODS)
        self._fabric_module_initialized = True

    @property
    def module(self) -> nn.Module:
        return self._original_module or self._forward_module

    @property
    def device(self) -> torch.device:
        # mirrors src/lightning/fabric/utilities/device_dtype_mixin.py _DeviceDtypeModuleMixin.device
        return self._strategy.root_device

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        # mirrors wrappers.py _FabricModule.forward: a hook on every output that requires grad
        precision = self._strategy.precision
        args, kwargs = precision.convert_input((args, kwargs))
        with precision.forward_context():
            output = self._forward_module(*args, **kwargs)
        output = precision.convert_output(output)
        apply_to_collection(output, dtype=torch.Tensor, function=self._register_backward_hook)
        return output

    def state_dict(self, *args: Any, **kwargs: Any) -> Any:
        return self._original_module.state_dict(*args, **kwargs)

    def load_state_dict(self, state_dict: Any, strict: bool = True, **kwargs: Any) -> Any:
        return self._original_module.load_state_dict(state_dict=state_dict, strict=strict, **kwargs)

    def mark_forward_method(self, method: Any) -> None:
        # mirrors wrappers.py _FabricModule.mark_forward_method
        if not isinstance(method, (MethodType, str)):
            raise TypeError(f"Expected a method or a string, but got: {type(method).__name__}")
        name = method if isinstance(method, str) else method.__name__
        if name == "forward":
            raise ValueError("You cannot mark the forward method itself as a forward method.")
        if not isinstance(getattr(self._original_module, name, None), MethodType):
            raise AttributeError(
                f"You marked '{name}' as a forward method, but `{type(self._original_module).__name__}.{name}` does not"
                f" exist or is not a method."
            )
        self._forward_methods.add(name)

    def _redirection_through_forward(self, method_name: str) -> Callable:
        # mirrors wrappers.py _FabricModule._redirection_through_forward: `model.training_step(...)` runs as forward
        original_forward = self._original_module.forward

        def wrapped_forward(*args: Any, **kwargs: Any) -> Any:
            self._original_module.forward = original_forward
            return getattr(self._original_module, method_name)(*args, **kwargs)

        def call_forward_module(*args: Any, **kwargs: Any) -> Any:
            self._original_module.forward = wrapped_forward
            return self.forward(*args, **kwargs)

        return call_forward_module

    def _wrap_method_with_module_call_tracker(self, method: Callable, name: str) -> Callable:
        # mirrors wrappers.py _FabricModule._wrap_method_with_module_call_tracker (line 206)
        module_called = False

        def hook(*_: Any, **__: Any) -> None:
            nonlocal module_called
            module_called = True

        @wraps(method)
        def _wrapped_method(*args: Any, **kwargs: Any) -> Any:
            handles = [module.register_forward_hook(hook) for module in self._original_module.modules()]
            output = method(*args, **kwargs)
            if module_called:
                # mirrors wrappers.py _wrap_method_with_module_call_tracker: a submodule ran outside forward
                raise RuntimeError(
                    f"You are calling the method `{type(self._original_module).__name__}.{name}()` from outside the"
                    " model. To avoid issues with the currently selected strategy, explicitly mark it as a"
                    f" forward method with `fabric_model.mark_forward_method({name!r})` after `fabric.setup()`."
                )
            for handle in handles:
                handle.remove()
            return output

        return _wrapped_method

    def _register_backward_hook(self, tensor: torch.Tensor) -> torch.Tensor:
        # mirrors wrappers.py _FabricModule._register_backward_hook (line 231): the hook raises when the strategy or
        # the precision plugin overrides backward (DeepSpeed's does) and the backward is not Fabric's
        if not tensor.requires_grad:
            return tensor
        strategy_requires = _is_overridden("backward", self._strategy, Strategy)
        precision_requires = any(
            _is_overridden(method, self._strategy.precision, Precision)
            for method in ("pre_backward", "backward", "post_backward")
        )
        tensor.register_hook(partial(_backward_hook, strategy_requires or precision_requires))
        return tensor

    def __getattr__(self, item: Any) -> Any:
        # mirrors wrappers.py _FabricModule.__getattr__ (line 245)
        if item != "_forward_methods" and item in self._forward_methods and self._forward_module != self._original_module:
            return self._redirection_through_forward(item)
        try:
            return super().__getattr__(item)
        except AttributeError:
            original_module = super().__getattr__("_original_module")
            attr = getattr(original_module, item)
            if inspect.ismethod(attr) and self._forward_module != self._original_module:
                attr = self._wrap_method_with_module_call_tracker(attr, item)
            return attr

    def __setattr__(self, name: str, value: Any) -> None:
        # mirrors wrappers.py _FabricModule.__setattr__ (line 262)
        if not getattr(self, "_fabric_module_initialized", False):
            super().__setattr__(name, value)
            return
        original_module = self._original_module
        original_has_attr = hasattr(original_module, name)
        fabric_has_attr = name in dir(self)
        if not (original_has_attr or fabric_has_attr):
            setattr(original_module, name, value)
            return
        if original_has_attr:
            setattr(original_module, name, value)
        if fabric_has_attr:
            super().__setattr__(name, value)


class _FabricDataLoader:
    def __init__(self, dataloader: DataLoader, device: Optional[torch.device] = None) -> None:
        # mirrors wrappers.py _FabricDataLoader: the dataloader's attributes, and batches moved to the device
        self.__dict__.update(dataloader.__dict__)
        self._dataloader = dataloader
        self._device = device
        self._num_iter_calls = 0

    @property
    def device(self) -> Optional[torch.device]:
        return self._device

    def __len__(self) -> int:
        return len(self._dataloader)

    def __iter__(self) -> Iterator[Any]:
        sampler = getattr(self._dataloader, "sampler", None)
        if hasattr(sampler, "set_epoch"):
            sampler.set_epoch(self._num_iter_calls)
        self._num_iter_calls += 1
        for item in self._dataloader:
            yield item if self._device is None else move_data_to_device(item, self._device)


def _unwrap_compiled(obj: Any) -> tuple:
    # mirrors wrappers.py _unwrap_compiled
    if isinstance(obj, OptimizedModule):
        return obj._orig_mod, getattr(obj, "_compile_kwargs", {})
    return obj, None


def _unwrap_objects(collection: Any) -> Any:
    # mirrors wrappers.py _unwrap_objects
    def _unwrap(obj: Any) -> Any:
        unwrapped = _unwrap_compiled(obj)[0]
        if isinstance(unwrapped, _FabricModule):
            return _unwrap_compiled(unwrapped._forward_module)[0]
        if isinstance(obj, _FabricOptimizer):
            return obj.optimizer
        if isinstance(obj, _FabricDataLoader):
            return obj._dataloader
        return obj

    return apply_to_collection(collection, (_FabricModule, _FabricOptimizer, _FabricDataLoader, OptimizedModule), _unwrap)


def _backward_hook(requires_backward: bool, *_: Any) -> None:
    # mirrors wrappers.py _backward_hook (line 368)
    if requires_backward and not _in_fabric_backward:
        raise RuntimeError(
            "The current strategy and precision selection requires you to call `fabric.backward(loss)`"
            " instead of `loss.backward()`."
        )


def _is_overridden(method_name: str, instance: object, parent: type) -> bool:
    # mirrors lightning_utilities is_overridden: the instance's class defines the method differently from `parent`
    instance_attr = getattr(type(instance), method_name, None)
    parent_attr = getattr(parent, method_name, None)
    return instance_attr is not None and parent_attr is not None and instance_attr is not parent_attr


def is_wrapped(obj: object) -> bool:
    # mirrors wrappers.py is_wrapped
    obj, _ = _unwrap_compiled(obj)
    return isinstance(obj, (_FabricModule, _FabricOptimizer, _FabricDataLoader))
