"""hydra in the test double: `@hydra.main(config_path=..., config_name=...)` composing a config from its
defaults lists, and `hydra.utils.instantiate` (hydra/utils.py), for Hydra 1.3.

Mirrors hydra/main.py `main` (the config path is relative to the file of the decorated function) and
hydra/_internal/defaults_list.py, read as documented ("The Defaults List"): a config's `defaults:` items are
`_self_`, `name` (a config of the same group, merged into the same package), `group: name` and
`override /group: name` (a config of that group, under the key `group`; an override replaces the pick);
without `_self_`, a config's own values come after its defaults and win. Command-line overrides, packages
other than the group's, `optional` and config search paths are not mirrored.
"""
import functools
import inspect
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple

import yaml

from omegaconf import to_config

from . import utils  # noqa: F401  (hydra.utils.instantiate)


def _merge(into: Dict[str, Any], config: Dict[str, Any]) -> None:
    # OmegaConf.merge: mappings merge key by key, anything else replaces
    for key, value in config.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def _read(path: str) -> Dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f) or {}


def _picks(defaults: List[Any]) -> Tuple[List[Tuple[Optional[str], str]], bool]:
    """The (group or None for the same group, name) items in order, "_self_" as (None, "_self_"); overrides
    replace the earlier pick of their group in place."""
    items: List[Tuple[Optional[str], str]] = []
    for item in defaults:
        if isinstance(item, str):
            items.append((None, item))
            continue
        for key, name in item.items():
            override = key.startswith("override ")
            group = key[len("override "):] if override else key  # "/group" is from the config root
            if override:
                items = [(g, n) if (g or "").lstrip("/") != group.lstrip("/") else (g, name) for g, n in items]
                if all((g or "").lstrip("/") != group.lstrip("/") for g, _ in items):
                    items.append((group, name))
            else:
                items.append((group, name))
    return items, any(name == "_self_" for g, name in items if g is None)


def _compose(root: str, group: str, name: str, depth: int = 0) -> Dict[str, Any]:
    if depth > 16:
        raise RuntimeError("defaults list too deep")
    own = _read(os.path.join(root, group, name + ".yaml"))
    items, has_self = _picks(own.pop("defaults", []) or [])
    if not has_self:
        items.append((None, "_self_"))
    out: Dict[str, Any] = {}
    for item_group, item_name in items:
        if item_name is None:
            continue
        if item_group is None and item_name == "_self_":
            _merge(out, own)
        elif item_group is None:
            _merge(out, _compose(root, group, item_name, depth + 1))
        else:
            folder = item_group[1:] if item_group.startswith("/") else os.path.join(group, item_group)
            key = os.path.basename(item_group)
            out.setdefault(key, {})
            _merge(out[key], _compose(root, folder, item_name, depth + 1))
    return out


def main(version_base: Optional[str] = None, config_path: Optional[str] = None,
         config_name: Optional[str] = None) -> Callable:
    def decorate(task: Callable) -> Callable:
        @functools.wraps(task)
        def run() -> Any:
            root = os.path.join(os.path.dirname(os.path.abspath(inspect.getfile(task))), config_path or ".")
            if any("=" in arg for arg in sys.argv[1:]):
                raise NotImplementedError("the Hydra double reads no command-line overrides")
            return task(to_config(_compose(root, "", config_name or "config")))

        return run

    return decorate
