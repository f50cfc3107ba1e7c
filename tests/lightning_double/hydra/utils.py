"""hydra.utils in the test double: `instantiate`, mirroring hydra/_internal/instantiate/_instantiate2.py
`instantiate` with its defaults (`_recursive_=True`): nested `_target_` mappings are built first, then
`_target_` is imported and called with the other keys; `_args_`, `_partial_` and `_convert_` are not
mirrored."""
import importlib
from typing import Any


def _locate(path: str) -> Any:
    # hydra/_internal/utils.py _locate: the longest importable module prefix, then attributes
    parts = path.split(".")
    for i in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for part in parts[i:]:
            obj = getattr(obj, part)
        return obj
    raise ImportError(f"Error loading '{path}'")


def instantiate(config: Any, **kwargs: Any) -> Any:
    if isinstance(config, list):
        return [instantiate(v) for v in config]
    if not isinstance(config, dict):
        return config
    values = {k: instantiate(v) for k, v in config.items() if k != "_target_"}
    values.update(kwargs)
    if "_target_" not in config:
        return values
    return _locate(config["_target_"])(**values)
