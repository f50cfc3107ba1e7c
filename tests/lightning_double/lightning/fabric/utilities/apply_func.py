"""Walking nested collections of tensors."""
from typing import Any, Callable

import torch


def apply_to_collection(data: Any, dtype: Any, function: Callable, *args: Any, **kwargs: Any) -> Any:
    # mirrors lightning_utilities apply_to_collection as Lightning uses it: lists, tuples, namedtuples, dicts
    if isinstance(data, dtype):
        return function(data, *args, **kwargs)
    if isinstance(data, dict):
        return type(data)({k: apply_to_collection(v, dtype, function, *args, **kwargs) for k, v in data.items()})
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(apply_to_collection(v, dtype, function, *args, **kwargs) for v in data))
    if isinstance(data, (list, tuple)):
        return type(data)(apply_to_collection(v, dtype, function, *args, **kwargs) for v in data)
    return data


def move_data_to_device(batch: Any, device: Any) -> Any:
    # mirrors src/lightning/fabric/utilities/apply_func.py move_data_to_device (2.6.5); the double's device is the CPU
    return apply_to_collection(batch, torch.Tensor, lambda t: t.to(device))


def convert_tensors_to_scalars(data: Any) -> Any:
    # mirrors src/lightning/fabric/utilities/apply_func.py convert_tensors_to_scalars (2.6.5)
    def to_item(value: torch.Tensor) -> Any:
        if value.numel() != 1:
            # mirrors apply_func.py convert_tensors_to_scalars: one element only
            raise ValueError(
                f"The metric `{value}` does not contain a single element, thus it cannot be converted to a scalar."
            )
        return value.item()

    return apply_to_collection(data, torch.Tensor, to_item)
