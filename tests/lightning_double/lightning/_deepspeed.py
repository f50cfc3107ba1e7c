"""A minimal stand-in for the DeepSpeed engine (no `deepspeed` package exists here).

It mirrors what Lightning relies on and what fails in DeepSpeed 0.16.5 (deepspeed/runtime/engine.py,
deepspeed/runtime/zero/stage_1_and_2.py, deepspeed/runtime/utils.py): one engine per model holding at most
one optimizer, `backward`/`step` refusing an engine built without an optimizer, ZeRO (stage >= 1) wrapping
the optimizer, gradient accumulation steps, `gradient_clipping`, checkpoints as a folder. One process, CPU,
float32; no partitioning.
"""
import os
from typing import Any, Optional, Tuple

import torch
from torch import nn

from deepspeed.ops.adam import DeepSpeedCPUAdam


class ZeRORuntimeException(Exception):
    # mirrors deepspeed/runtime/zero/utils.py ZeRORuntimeException
    pass


class DummyOptim:
    # mirrors deepspeed/runtime/utils.py DummyOptim: the parameters as one group, and no `step`
    def __init__(self, params: list) -> None:
        self.param_groups = [{"params": params}]


# mirrors deepspeed/runtime/zero/utils.py ZERO_SUPPORTED_OPTIMIZERS (the torch ones)
# mirrors runtime/zero/utils.py ZERO_SUPPORTED_OPTIMIZERS
_ZERO_SUPPORTED_OPTIMIZERS = (torch.optim.Adam, torch.optim.AdamW, torch.optim.Adagrad, DeepSpeedCPUAdam)


class DeepSpeedZeroOptimizer:
    """The optimizer `deepspeed.initialize` returns under ZeRO; not a `torch.optim.Optimizer`."""

    # mirrors deepspeed/runtime/zero/stage_1_and_2.py DeepSpeedZeroOptimizer (its use of the wrapped optimizer)
    def __init__(self, init_optimizer: Any) -> None:
        self.optimizer = init_optimizer

    @property
    def param_groups(self) -> list:
        return self.optimizer.param_groups

    @property
    def state(self) -> Any:
        return getattr(self.optimizer, "state", {})

    def backward(self, loss: torch.Tensor, retain_graph: bool = False) -> None:
        loss.backward(retain_graph=retain_graph)

    def step(self, closure: Any = None) -> None:
        # mirrors stage_1_and_2.py DeepSpeedZeroOptimizer._optimizer_step: `self.optimizer.step()`, no closure
        # (a DummyOptim has no `step`: an engine made without an optimizer cannot step)
        self.optimizer.step()
        # the reduced gradients are consumed by the step (averaged_gradients[i] = None)
        self.zero_grad()

    def zero_grad(self, set_to_none: bool = True) -> None:
        for group in self.param_groups:
            for p in group["params"]:
                p.grad = None

    def state_dict(self) -> dict:
        return self.optimizer.state_dict()

    def load_state_dict(self, state_dict: dict) -> None:
        self.optimizer.load_state_dict(state_dict)


class DeepSpeedEngine(nn.Module):
    def __init__(self, model: nn.Module, optimizer: Any, lr_scheduler: Any, config: dict) -> None:
        super().__init__()
        self._set_client_model(model)
        self._config = config
        zero = config.get("zero_optimization") or {}
        self._zero_stage = int(zero.get("stage", 0)) if isinstance(zero, dict) else 0
        gas = config.get("gradient_accumulation_steps", 1)
        self._gas = int(gas) if gas != "auto" else 1
        self._clip = float(config.get("gradient_clipping", 0.0) or 0.0)
        self.micro_steps = 0
        self.global_steps = 0
        self.lr_scheduler = lr_scheduler
        self.optimizer: Any = None
        # mirrors engine.py DeepSpeedEngine.__init__: "if optimizer or self.optimizer_name(): has_optimizer"
        if optimizer is not None or "optimizer" in config:
            self._configure_optimizer(optimizer)
        elif self._zero_stage > 0:
            # mirrors engine.py: "no optim selected but zero is enabled" -> a ZeRO optimizer over a DummyOptim
            self.optimizer = DeepSpeedZeroOptimizer(DummyOptim(list(self.module.parameters())))

    def _set_client_model(self, model: nn.Module) -> None:
        # mirrors engine.py DeepSpeedEngine._set_client_model: registered, and reachable without __getattr__
        self.__dict__["_modules"]["module"] = model
        self.__dict__["module"] = model

    def __getattr__(self, name: str) -> Any:
        # mirrors engine.py DeepSpeedEngine.__getattr__: what the engine lacks is looked up on the wrapped model
        _module = self.__dict__.get("module", {})
        if name in dir(_module):
            return getattr(_module, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def _configure_optimizer(self, client_optimizer: Any) -> None:
        # mirrors engine.py DeepSpeedEngine._configure_optimizer / _configure_basic_optimizer
        zero = self._config.get("zero_optimization") or {}
        offload = (zero.get("offload_optimizer") or {}) if isinstance(zero, dict) else {}
        from_config = client_optimizer is None
        if from_config:
            spec = self._config["optimizer"]
            name = {"adam": "Adam", "adamw": "AdamW", "sgd": "SGD"}.get(spec["type"].lower(), spec["type"])
            # mirrors engine.py _configure_basic_optimizer: under ZeRO-Offload an Adam of the config is DeepSpeedCPUAdam
            cls = DeepSpeedCPUAdam if offload.get("device") in ("cpu", "nvme") and "adam" in name.lower() else None
            client_optimizer = (cls or getattr(torch.optim, name))(self.module.parameters(), **spec.get("params", {}))
        # mirrors engine.py _configure_optimizer: ZeRO-Offload refuses a client optimizer other than DeepSpeedCPUAdam
        # (zero_force_ds_cpu_optimizer); one the config names is DeepSpeed's own
        if (not from_config and offload.get("device") in ("cpu", "nvme")
                and not isinstance(client_optimizer, DeepSpeedCPUAdam)
                and self._config.get("zero_force_ds_cpu_optimizer", True)):
            raise ZeRORuntimeException(
                f"You are using ZeRO-Offload with a client provided optimizer ({type(client_optimizer)}) which in"
                " most cases will yield poor performance. Please either use deepspeed.ops.adam.DeepSpeedCPUAdam or"
                " set an optimizer in your ds-config (https://www.deepspeed.ai/docs/config-json/#optimizer-parameters)."
                " If you really want to use a custom optimizer w. ZeRO-Offload and understand the performance impacts"
                ' you can also set <"zero_force_ds_cpu_optimizer": false> in your configuration file.'
            )
        if self._zero_stage > 0:
            # mirrors engine.py _do_optimizer_sanity_check: an untested optimizer needs the config's permission
            if type(client_optimizer) not in _ZERO_SUPPORTED_OPTIMIZERS:
                assert self._config.get("zero_allow_untested_optimizer", False), (
                    'You are using an untested ZeRO Optimizer. Please add <"zero_allow_untested_optimizer": true>'
                    " in the configuration file to use it."
                )
            self.optimizer = DeepSpeedZeroOptimizer(client_optimizer)
        else:
            self.optimizer = client_optimizer

    def zero_optimization(self) -> bool:
        return self._zero_stage > 0

    def gradient_accumulation_steps(self) -> int:
        return self._gas

    def is_gradient_accumulation_boundary(self) -> bool:
        # mirrors engine.py DeepSpeedEngine.is_gradient_accumulation_boundary
        return (self.micro_steps + 1) % self._gas == 0

    def forward(self, *inputs: Any, **kwargs: Any) -> Any:
        return self.module(*inputs, **kwargs)

    def backward(self, loss: torch.Tensor, release_loss: bool = False, retain_graph: bool = False) -> torch.Tensor:
        # mirrors engine.py DeepSpeedEngine.backward
        if self._gas > 1:
            loss = loss.float() / self._gas
        assert self.optimizer is not None and not isinstance(
            self.optimizer, DummyOptim
        ), "must provide optimizer during init in order to use backward"
        if self.zero_optimization():
            self.optimizer.backward(loss, retain_graph=retain_graph)
        else:
            loss.backward(retain_graph=retain_graph)
        return loss

    def step(self, lr_kwargs: Any = None) -> None:
        # mirrors engine.py DeepSpeedEngine.step and _take_model_step
        assert self.optimizer is not None and not isinstance(
            self.optimizer, DummyOptim
        ), "must provide optimizer during init in order to use step"
        if self.is_gradient_accumulation_boundary():
            if self._clip > 0.0 and not self.zero_optimization():
                torch.nn.utils.clip_grad_norm_(self.module.parameters(), self._clip)
            elif self._clip > 0.0:
                torch.nn.utils.clip_grad_norm_([p for g in self.optimizer.param_groups for p in g["params"]], self._clip)
            self.optimizer.step()
            if self.zero_optimization():
                self.optimizer.zero_grad()
            else:
                self.zero_grad()
            if self.lr_scheduler is not None:
                self.lr_scheduler.step(**(lr_kwargs or {}))
            self.global_steps += 1
        self.micro_steps += 1

    def zero_grad(self) -> None:
        # mirrors engine.py DeepSpeedEngine.zero_grad
        for _, param in self.module.named_parameters():
            param.grad = None

    def save_checkpoint(self, save_dir: str, tag: Any = None, client_state: Optional[dict] = None, **kwargs: Any) -> None:
        """A folder `save_dir/tag/` with the model and optimizer states, and `latest` naming the tag."""
        tag = str(tag if tag is not None else f"global_step{self.global_steps}")
        os.makedirs(os.path.join(save_dir, tag), exist_ok=True)
        state = dict(client_state or {})
        state["module"] = self.module.state_dict()
        state["optimizer"] = self.optimizer.state_dict() if self.optimizer is not None else None
        state["global_steps"] = self.global_steps
        torch.save(state, os.path.join(save_dir, tag, "mp_rank_00_model_states.pt"))
        with open(os.path.join(save_dir, "latest"), "w") as f:
            f.write(tag)

    def load_checkpoint(
        self, load_dir: str, tag: Any = None, load_module_strict: bool = True, load_optimizer_states: bool = True, **kwargs: Any
    ) -> Tuple[Optional[str], Optional[dict]]:
        if tag is None:
            with open(os.path.join(load_dir, "latest")) as f:
                tag = f.read().strip()
        path = os.path.join(load_dir, str(tag), "mp_rank_00_model_states.pt")
        if not os.path.isfile(path):
            return None, None
        state = torch.load(path)
        self.module.load_state_dict(state.pop("module"), strict=load_module_strict)
        optimizer_state = state.pop("optimizer", None)
        if load_optimizer_states and optimizer_state is not None and self.optimizer is not None:
            self.optimizer.load_state_dict(optimizer_state)
        self.global_steps = state.pop("global_steps", 0)
        return path, state


def initialize(
    model: nn.Module, config: dict, optimizer: Any = None, lr_scheduler: Any = None, **kwargs: Any
) -> Tuple[DeepSpeedEngine, Any, None, Any]:
    # mirrors deepspeed/__init__.py initialize: (engine, engine.optimizer, training_dataloader, engine.lr_scheduler)
    engine = DeepSpeedEngine(model, optimizer, lr_scheduler, dict(config))
    return engine, engine.optimizer, None, engine.lr_scheduler
