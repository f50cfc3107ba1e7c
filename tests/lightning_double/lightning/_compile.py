"""`torch.compile` for a torch that lacks it (Debian's torch 1.13).

When torch has no `torch.compile`, importing `lightning` installs this shim: `torch.compile(module, **kwargs)`
returns an `OptimizedModule` that runs the module unchanged and records the arguments, as Lightning's
wrapper of `torch.compile` does (src/lightning/fabric/wrappers.py _capture_compile_kwargs, 2.6.5). With a
torch that has `torch._dynamo`, its own `OptimizedModule` and `torch.compile` are used and nothing is replaced.
"""
from typing import Any

import torch
from torch import nn

try:
    from torch._dynamo import OptimizedModule  # type: ignore[attr-defined]
except ImportError:

    class OptimizedModule(nn.Module):  # type: ignore[no-redef]
        """What `torch.compile(module)` returns: the module under `_orig_mod`, forward unchanged."""

        def __init__(self, mod: nn.Module, dynamo_ctx: Any = None) -> None:
            super().__init__()
            self._orig_mod = mod
            self.dynamo_ctx = dynamo_ctx if dynamo_ctx is not None else (lambda fn: fn)

        def forward(self, *args: Any, **kwargs: Any) -> Any:
            return self._orig_mod(*args, **kwargs)

        def __getattr__(self, name: str) -> Any:
            # as torch._dynamo.eval_frame.OptimizedModule.__getattr__: the wrapped module's attributes
            if name == "_orig_mod":
                return self._modules["_orig_mod"]
            try:
                return super().__getattr__(name)
            except AttributeError:
                return getattr(self._orig_mod, name)

    def _compile(model: Any = None, **kwargs: Any) -> Any:
        if model is None:  # used as @torch.compile(...)
            return lambda fn: _compile(fn, **kwargs)
        if not isinstance(model, nn.Module):
            return model  # a compiled function runs as written
        compiled = OptimizedModule(model)
        compiled._compile_kwargs = dict(kwargs)
        return compiled

    if not hasattr(torch, "compile"):
        torch.compile = _compile  # type: ignore[attr-defined]
