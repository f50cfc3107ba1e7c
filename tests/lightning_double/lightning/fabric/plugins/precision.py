"""Fabric's precision plugins. The double computes in float32 whatever the precision: it checks the
precision (which plugin Lightning builds, what each refuses) but converts no module, input or output."""
from contextlib import nullcontext
from typing import Any, ContextManager, Literal, Optional, get_args

from torch import Tensor
from torch.nn import Module
from torch.optim import LBFGS

# mirrors src/lightning/fabric/plugins/precision/precision.py _PRECISION_INPUT_* (2.6.5)
_PRECISION_INPUT_INT = Literal[64, 32, 16]
_PRECISION_INPUT_STR_ALIAS_CONVERSION = {"64": "64-true", "32": "32-true", "16": "16-mixed", "bf16": "bf16-mixed"}
_PRECISION_INPUT_STR_ALIAS = Literal["64", "32", "16", "bf16"]
_PRECISION_INPUT_STR = Literal[
    "transformer-engine",
    "transformer-engine-float16",
    "16-true",
    "16-mixed",
    "bf16-true",
    "bf16-mixed",
    "32-true",
    "64-true",
]


class Precision:
    # mirrors src/lightning/fabric/plugins/precision/precision.py Precision (2.6.5)
    precision = "32-true"

    def convert_module(self, module: Module) -> Module:
        return module

    def convert_input(self, data: Any) -> Any:
        return data

    def convert_output(self, data: Any) -> Any:
        return data

    def forward_context(self) -> ContextManager:
        return nullcontext()

    def module_init_context(self) -> ContextManager:
        return nullcontext()

    def tensor_init_context(self) -> ContextManager:
        return nullcontext()

    def pre_backward(self, tensor: Tensor, module: Optional[Module]) -> Any:
        pass

    def backward(self, tensor: Tensor, model: Optional[Module], *args: Any, **kwargs: Any) -> None:
        tensor.backward(*args, **kwargs)

    def post_backward(self, tensor: Tensor, module: Optional[Module]) -> Any:
        pass

    def optimizer_step(self, optimizer: Any, **kwargs: Any) -> Any:
        return optimizer.step(**kwargs)

    def main_params(self, optimizer: Any) -> Any:
        for group in optimizer.param_groups:
            yield from group["params"]

    def unscale_gradients(self, optimizer: Any) -> None:
        pass


class MixedPrecision(Precision):
    # mirrors src/lightning/fabric/plugins/precision/amp.py MixedPrecision (2.6.5); no scaler in the double
    def __init__(self, precision: str, device: str = "cuda", scaler: Any = None) -> None:
        self.precision = precision
        self.device = device

    def backward(self, tensor: Tensor, model: Optional[Module], *args: Any, **kwargs: Any) -> None:
        # overridden in amp.py MixedPrecision.backward (it scales the loss), which makes `loss.backward()`
        # on a set-up model's output raise (wrappers.py _FabricModule._register_backward_hook)
        super().backward(tensor, model, *args, **kwargs)

    def optimizer_step(self, optimizer: Any, **kwargs: Any) -> Any:
        # mirrors amp.py MixedPrecision.optimizer_step: with a grad scaler (16-mixed), LBFGS is refused
        if self.precision == "16-mixed" and isinstance(optimizer, LBFGS):
            raise TypeError("AMP and the LBFGS optimizer are not compatible.")
        return super().optimizer_step(optimizer, **kwargs)


class HalfPrecision(Precision):
    # mirrors src/lightning/fabric/plugins/precision/half.py HalfPrecision (2.6.5)
    def __init__(self, precision: str = "16-true") -> None:
        self.precision = precision


class DoublePrecision(Precision):
    # mirrors src/lightning/fabric/plugins/precision/double.py DoublePrecision (2.6.5)
    precision = "64-true"


class FSDPPrecision(Precision):
    # mirrors src/lightning/fabric/plugins/precision/fsdp.py FSDPPrecision (2.6.5)
    def __init__(self, precision: str) -> None:
        self.precision = precision

    def backward(self, tensor: Tensor, model: Optional[Module], *args: Any, **kwargs: Any) -> None:
        # overridden in fsdp.py FSDPPrecision.backward (it scales the loss)
        super().backward(tensor, model, *args, **kwargs)


class TransformerEnginePrecision(Precision):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # mirrors src/lightning/fabric/plugins/precision/transformer_engine.py __init__ (2.6.5): the package is absent
        raise ModuleNotFoundError("DistributionNotFound: The 'transformer_engine>=0.11.0' distribution was not found")


# mirrors src/lightning/fabric/plugins/precision/deepspeed.py _PRECISION_INPUT (2.6.5)
_DEEPSPEED_PRECISION_INPUT = Literal["32-true", "16-true", "bf16-true", "16-mixed", "bf16-mixed"]


class DeepSpeedPrecision(Precision):
    def __init__(self, precision: str) -> None:
        # mirrors src/lightning/fabric/plugins/precision/deepspeed.py DeepSpeedPrecision.__init__ (2.6.5, line 47)
        supported_precision = get_args(_DEEPSPEED_PRECISION_INPUT)
        if precision not in supported_precision:
            raise ValueError(
                f"`precision={precision!r})` is not supported in DeepSpeed."
                f" `precision` must be one of: {supported_precision}."
            )
        self.precision = precision

    def backward(self, tensor: Tensor, model: Any, *args: Any, **kwargs: Any) -> None:
        # mirrors deepspeed.py DeepSpeedPrecision.backward: back-propagation through the engine
        model.backward(tensor, *args, **kwargs)

    def optimizer_step(self, optimizer: Any, **kwargs: Any) -> Any:
        # mirrors deepspeed.py DeepSpeedPrecision.optimizer_step: "DeepSpeed handles the optimizer step internally"
        return optimizer.step(**kwargs)


def _convert_precision_to_unified_args(precision: Any) -> Optional[str]:
    # mirrors src/lightning/fabric/connector.py _convert_precision_to_unified_args (2.6.5, line 557)
    if precision is None:
        return None
    supported_precision = (
        get_args(_PRECISION_INPUT_STR) + get_args(_PRECISION_INPUT_INT) + get_args(_PRECISION_INPUT_STR_ALIAS)
    )
    if precision not in supported_precision:
        raise ValueError(f"Precision {repr(precision)} is invalid. Allowed precision values: {supported_precision}")
    precision = str(precision)
    if precision in get_args(_PRECISION_INPUT_STR_ALIAS):
        precision = _PRECISION_INPUT_STR_ALIAS_CONVERSION[precision]
    return precision
