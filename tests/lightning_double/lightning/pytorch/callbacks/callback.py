"""The Callback base class (src/lightning/pytorch/callbacks/callback.py, 2.6.5): every hook does nothing."""
from typing import Any

from lightning.pytorch.core.module import _HOOKS, _do_nothing


class Callback:
    @property
    def state_key(self) -> str:
        return self.__class__.__qualname__

    def state_dict(self) -> dict:
        return {}

    def load_state_dict(self, state_dict: dict) -> None:
        pass

    def __getattr__(self, name: str) -> Any:
        if name in _HOOKS:
            return _do_nothing
        # plain Python attribute error for what is not a hook
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")
