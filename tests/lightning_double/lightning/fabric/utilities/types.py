"""Structural types Lightning checks optimizers against."""
from typing import Any, Callable, Optional, Protocol, runtime_checkable


@runtime_checkable
class Steppable(Protocol):
    # mirrors src/lightning/fabric/utilities/types.py Steppable (2.6.5)
    def step(self, closure: Optional[Callable[[], float]] = ...) -> Optional[float]: ...


@runtime_checkable
class Optimizable(Steppable, Protocol):
    # mirrors src/lightning/fabric/utilities/types.py Optimizable (2.6.5): the same six members, so that
    # `isinstance(x, Optimizable)` answers as it does in Lightning (a DeepSpeed engine has no `param_groups`)
    param_groups: list
    defaults: dict
    state: Any

    def state_dict(self) -> dict: ...

    def load_state_dict(self, state_dict: dict) -> None: ...
