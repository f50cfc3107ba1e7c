"""Rank-zero helpers: the double is always rank 0."""
import warnings
from typing import Any, Callable


def rank_zero_only(fn: Callable) -> Callable:
    # mirrors lightning_utilities rank_zero_only: runs on rank 0, which the double always is
    return fn


rank_zero_only.rank = 0  # type: ignore[attr-defined]


def rank_zero_warn(message: str, stacklevel: int = 4, **kwargs: Any) -> None:
    category = kwargs.get("category", UserWarning)
    warnings.warn(message, category=category, stacklevel=stacklevel)


def rank_zero_info(*args: Any, **kwargs: Any) -> None:
    pass
