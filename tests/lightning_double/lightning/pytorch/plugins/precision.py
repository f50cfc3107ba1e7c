"""The Trainer's precision plugins: where the backward and the optimizer step run. Computation stays float32."""
from contextlib import nullcontext
from functools import partial
from typing import Any, Callable, ContextManager, get_args

import torch
from torch import Tensor
from torch.nn import Module
from torch.optim import LBFGS

from lightning.fabric.plugins.precision import _DEEPSPEED_PRECISION_INPUT
from lightning.fabric.utilities.exceptions import MisconfigurationException


def _call_hooks(trainer: Any, name: str, *args: Any) -> None:
    # mirrors src/lightning/pytorch/trainer/call.py _call_callback_hooks then _call_lightning_module_hook (2.6.5)
    for callback in trainer.callbacks:
        getattr(callback, name)(trainer, trainer.lightning_module, *args)
    getattr(trainer.lightning_module, name)(*args)


class Precision:
    # mirrors src/lightning/pytorch/plugins/precision/precision.py Precision (2.6.5)
    precision = "32-true"

    def convert_module(self, module: Module) -> Module:
        return module

    def convert_input(self, data: Any) -> Any:
        return data

    def forward_context(self) -> ContextManager:
        return nullcontext()

    def tensor_init_context(self) -> ContextManager:
        return nullcontext()

    def module_init_context(self) -> ContextManager:
        return nullcontext()

    def pre_backward(self, tensor: Tensor, module: Any) -> Tensor:
        _call_hooks(module.trainer, "on_before_backward", tensor)
        return tensor

    def backward(self, tensor: Tensor, model: Any, optimizer: Any, *args: Any, **kwargs: Any) -> None:
        # mirrors precision.py Precision.backward: the LightningModule's `backward` hook
        model.backward(tensor, *args, **kwargs)

    def post_backward(self, tensor: Tensor, module: Any) -> Tensor:
        _call_hooks(module.trainer, "on_after_backward")
        return tensor.detach()

    def _after_closure(self, model: Any, optimizer: Any) -> None:
        # mirrors precision.py Precision._after_closure: hooks, then clipping through configure_gradient_clipping
        trainer = model.trainer
        _call_hooks(trainer, "on_before_optimizer_step", optimizer)
        if model.automatic_optimization:
            model.configure_gradient_clipping(
                optimizer, gradient_clip_val=trainer.gradient_clip_val, gradient_clip_algorithm=trainer.gradient_clip_algorithm
            )

    def _wrap_closure(self, model: Any, optimizer: Any, closure: Callable) -> Any:
        closure_result = closure()
        self._after_closure(model, optimizer)
        return closure_result

    def optimizer_step(self, optimizer: Any, model: Any, closure: Callable, **kwargs: Any) -> Any:
        # mirrors precision.py Precision.optimizer_step (line 114): the optimizer runs the closure
        closure = partial(self._wrap_closure, model, optimizer, closure)
        return optimizer.step(closure=closure, **kwargs)

    def clip_gradients(self, optimizer: Any, clip_val: Any = 0.0, gradient_clip_algorithm: Any = "norm") -> None:
        # mirrors precision.py Precision.clip_gradients
        if clip_val <= 0:
            return
        parameters = [p for group in optimizer.param_groups for p in group["params"]]
        if gradient_clip_algorithm == "value":
            torch.nn.utils.clip_grad_value_(parameters, clip_value=clip_val)
        elif gradient_clip_algorithm == "norm":
            torch.nn.utils.clip_grad_norm_(parameters, clip_val)


class MixedPrecision(Precision):
    # mirrors src/lightning/pytorch/plugins/precision/amp.py MixedPrecision (2.6.5); no scaler in the double
    def __init__(self, precision: str, device: str = "cuda", scaler: Any = None) -> None:
        self.precision = precision
        self.device = device

    def optimizer_step(self, optimizer: Any, model: Any, closure: Callable, **kwargs: Any) -> Any:
        # mirrors amp.py MixedPrecision.optimizer_step (line 78): with a grad scaler (16-mixed), no LBFGS
        if self.precision == "16-mixed" and isinstance(optimizer, LBFGS):
            raise MisconfigurationException("AMP and the LBFGS optimizer are not compatible.")
        return super().optimizer_step(optimizer, model, closure, **kwargs)


class HalfPrecision(Precision):
    def __init__(self, precision: str = "16-true") -> None:
        self.precision = precision


class DoublePrecision(Precision):
    precision = "64-true"


class FSDPPrecision(Precision):
    def __init__(self, precision: str) -> None:
        self.precision = precision


class TransformerEnginePrecision(Precision):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # mirrors src/lightning/fabric/plugins/precision/transformer_engine.py __init__: the package is absent here
        raise ModuleNotFoundError("DistributionNotFound: The 'transformer_engine>=0.11.0' distribution was not found")


class DeepSpeedPrecision(Precision):
    def __init__(self, precision: str) -> None:
        # mirrors src/lightning/pytorch/plugins/precision/deepspeed.py DeepSpeedPrecision.__init__ (2.6.5, line 55)
        supported_precision = get_args(_DEEPSPEED_PRECISION_INPUT)
        if precision not in supported_precision:
            raise ValueError(
                f"`Trainer(strategy='deepspeed', precision={precision!r})` is not supported."
                f" `precision` must be one of: {supported_precision}."
            )
        self.precision = precision

    def backward(self, tensor: Tensor, model: Any, optimizer: Any, *args: Any, **kwargs: Any) -> None:
        # mirrors deepspeed.py DeepSpeedPrecision.backward (line 93): through the engine, `model.trainer.model`
        deepspeed_engine = model.trainer.model
        deepspeed_engine.backward(tensor, *args, **kwargs)

    def optimizer_step(self, optimizer: Any, model: Any, closure: Callable, **kwargs: Any) -> Any:
        # mirrors deepspeed.py DeepSpeedPrecision.optimizer_step (line 119)
        if isinstance(optimizer, LBFGS):
            raise MisconfigurationException("DeepSpeed and the LBFGS optimizer are not compatible.")
        closure_result = closure()
        self._after_closure(model, optimizer)
        skipped_backward = closure_result is None
        # in manual optimization, the closure does not return a value
        if model.automatic_optimization and skipped_backward:
            raise MisconfigurationException(
                "Skipping backward by returning `None` from your `training_step` is not supported by `DeepSpeed`"
            )
        deepspeed_engine = model.trainer.model
        return deepspeed_engine.step(**kwargs)

    def clip_gradients(self, optimizer: Any, clip_val: Any = 0.0, gradient_clip_algorithm: Any = "norm") -> None:
        """DeepSpeed handles gradient clipping internally (deepspeed.py DeepSpeedPrecision.clip_gradients)."""


__all__ = [
    "DeepSpeedPrecision",
    "DoublePrecision",
    "FSDPPrecision",
    "HalfPrecision",
    "MixedPrecision",
    "Precision",
    "TransformerEnginePrecision",
]
