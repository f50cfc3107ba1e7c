"""Fabric's DeepSpeedStrategy, over the engine stand-in of lightning/_deepspeed.py."""
import json
import os
from contextlib import nullcontext
from pathlib import Path
from typing import Any, ContextManager, Optional

from torch.nn import Module

from lightning import _deepspeed
from lightning.fabric.accelerators import CUDAAccelerator
from lightning.fabric.strategies.strategy import DDPStrategy


class DeepSpeedStrategy(DDPStrategy):
    DEEPSPEED_ENV_VAR = "PL_DEEPSPEED_CONFIG_PATH"

    def __init__(
        self,
        accelerator: Any = None,
        zero_optimization: bool = True,
        stage: int = 2,
        remote_device: Optional[str] = None,
        offload_optimizer: bool = False,
        offload_parameters: bool = False,
        offload_params_device: str = "cpu",
        offload_optimizer_device: str = "cpu",
        zero_allow_untested_optimizer: bool = True,
        logging_batch_size_per_gpu: Optional[int] = None,
        config: Any = None,
        parallel_devices: Optional[list] = None,
        precision: Any = None,
        load_full_weights: bool = False,
        **kwargs: Any,
    ) -> None:
        # mirrors src/lightning/fabric/strategies/deepspeed.py DeepSpeedStrategy.__init__ (2.6.5); the remaining
        # keyword arguments (buffer sizes, NVMe and activation-checkpointing settings...) are accepted and unused
        super().__init__(accelerator=accelerator, parallel_devices=parallel_devices, precision=precision)
        self._backward_sync_control = None  # "DeepSpeed handles gradient accumulation internally"
        self.config = self._load_config(config)
        if self.config is None:
            self.config = _create_default_config(
                zero_optimization, zero_allow_untested_optimizer, logging_batch_size_per_gpu, stage,
                offload_optimizer, offload_parameters, offload_optimizer_device, offload_params_device,
            )
        self._config_initialized = False
        self.remote_device = remote_device
        self.load_full_weights = load_full_weights
        self._deepspeed_engine: Optional[_deepspeed.DeepSpeedEngine] = None

    @property
    def zero_stage_3(self) -> bool:
        # mirrors deepspeed.py DeepSpeedStrategy.zero_stage_3
        zero_optimization = self.config.get("zero_optimization")
        return zero_optimization is not None and zero_optimization.get("stage") == 3

    @property
    def model(self) -> Optional[_deepspeed.DeepSpeedEngine]:
        # mirrors deepspeed.py DeepSpeedStrategy.model: the engine set up last, or attached by Fabric.backward
        return self._deepspeed_engine

    def setup_module_and_optimizers(self, module: Module, optimizers: list, scheduler: Any = None) -> tuple:
        # mirrors deepspeed.py DeepSpeedStrategy.setup_module_and_optimizers (line 337)
        if len(optimizers) != 1:
            raise ValueError(
                f"Currently only one optimizer is supported with DeepSpeed. Got {len(optimizers)} optimizers instead."
            )
        self._deepspeed_engine, optimizer, _, scheduler = self._initialize_engine(module, optimizers[0], scheduler)
        return self._deepspeed_engine, [optimizer], scheduler

    def setup_module(self, module: Module) -> _deepspeed.DeepSpeedEngine:
        # mirrors deepspeed.py DeepSpeedStrategy.setup_module: an engine without an optimizer
        self._deepspeed_engine, _, _, _ = self._initialize_engine(module)
        return self._deepspeed_engine

    def setup_optimizer(self, optimizer: Any) -> Any:
        # mirrors deepspeed.py DeepSpeedStrategy.setup_optimizer (Fabric checks first: fabric.py _validate_setup_optimizers)
        raise NotImplementedError("Optimizers can only be set up jointly with the model in this strategy.")

    def _initialize_engine(self, model: Module, optimizer: Any = None, scheduler: Any = None) -> tuple:
        # mirrors deepspeed.py DeepSpeedStrategy._initialize_engine: `deepspeed.initialize(config=self.config, ...)`
        return _deepspeed.initialize(model=model, config=self.config, optimizer=optimizer, lr_scheduler=scheduler)

    def module_init_context(self, empty_init: Optional[bool] = None) -> ContextManager:
        # mirrors deepspeed.py DeepSpeedStrategy.module_init_context (line 377)
        if self.zero_stage_3 and empty_init is False:
            raise NotImplementedError(
                f"`{empty_init=}` is not a valid choice with `DeepSpeedStrategy` when ZeRO stage 3 is enabled."
            )
        # mirrors deepspeed.py module_sharded_context: "assert self._config_initialized" (set by launch)
        assert self._config_initialized
        return nullcontext()

    def setup_environment(self) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy.setup_environment (line 639)
        if not isinstance(self.accelerator, CUDAAccelerator):
            raise RuntimeError(
                f"The DeepSpeed strategy is only supported on CUDA GPUs but `{self.accelerator.__class__.__name__}`"
                " is used."
            )
        super().setup_environment()
        # mirrors deepspeed.py DeepSpeedStrategy._setup_distributed: the config is completed once launched
        if not self._config_initialized:
            self.config.setdefault("train_micro_batch_size_per_gpu", 1)
            self._config_initialized = True

    def save_checkpoint(self, path: Any, state: dict, storage_options: Any = None, filter: Optional[dict] = None) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy.save_checkpoint (line 404)
        if storage_options is not None:
            raise TypeError(
                "`DeepSpeedStrategy.save_checkpoint(..., storage_options=...)` is not supported because"
                " `DeepSpeedStrategy` does not use the `CheckpointIO`."
            )
        if filter is not None:
            raise TypeError(
                "`DeepSpeedStrategy.save_checkpoint(..., filter=...)` is not supported because"
                " `DeepSpeedStrategy` manages the state serialization internally."
            )
        engine = _single_engine(state, "save_checkpoint")
        excluded = (engine, engine.optimizer) if engine.optimizer is not None else (engine,)
        client_state = {k: v for k, v in state.items() if not any(v is e for e in excluded)}
        client_state = self._convert_stateful_objects_in_state(client_state, filter={})
        engine.save_checkpoint(path, client_state=client_state, tag="checkpoint")

    def load_checkpoint(self, path: Any, state: Any = None, strict: bool = True, weights_only: Any = None) -> dict:
        # mirrors deepspeed.py DeepSpeedStrategy.load_checkpoint (line 471)
        if isinstance(state, Module) or self.load_full_weights and self.zero_stage_3:
            return super().load_checkpoint(path=path, state=state, strict=strict)
        if not state:
            raise ValueError(
                f"Got DeepSpeedStrategy.load_checkpoint(..., state={state!r}) but a state with at least "
                f" a model instance to reload is required. Pass it in like so:"
                " DeepSpeedStrategy.load_checkpoint(..., state={'model': model, ...})"
            )
        if not (Path(path).is_dir() and (Path(path) / "checkpoint").is_dir()):
            raise FileNotFoundError(f"The provided path is not a valid DeepSpeed checkpoint: {path}")
        engine = _single_engine(state, "load_checkpoint")
        _, client_state = engine.load_checkpoint(path, tag="checkpoint", load_module_strict=strict)
        if client_state is None:
            raise RuntimeError(
                "DeepSpeed was unable to load the checkpoint. Ensure you passed in a DeepSpeed compatible checkpoint"
                " or a single checkpoint file by setting `DeepSpeedStrategy(..., load_full_weights=True)`."
            )
        for key in set(client_state) & set(state) - {"optimizer", "lr_scheduler"}:
            if hasattr(state[key], "load_state_dict") and not isinstance(state[key], dict):
                state[key].load_state_dict(client_state.pop(key))
            else:
                state[key] = client_state.pop(key)
        return client_state

    def clip_gradients_norm(self, module: Any, optimizer: Any, max_norm: Any, norm_type: Any = 2.0, error_if_nonfinite: bool = True) -> Any:
        # mirrors deepspeed.py DeepSpeedStrategy.clip_gradients_norm (line 553)
        raise NotImplementedError(
            "DeepSpeed handles gradient clipping automatically within the optimizer. "
            "Make sure to set the `gradient_clipping` value in your Config."
        )

    def clip_gradients_value(self, module: Any, optimizer: Any, clip_val: Any) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy.clip_gradients_value (line 567)
        raise NotImplementedError(
            "DeepSpeed handles gradient clipping automatically within the optimizer. "
            "Make sure to set the `gradient_clipping` value in your Config."
        )

    @classmethod
    def register_strategies(cls, registry: dict) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy.register_strategies (line 577): Fabric's names
        registry["deepspeed"] = (cls, {})
        registry["deepspeed_stage_1"] = (cls, {"stage": 1})
        registry["deepspeed_stage_1_offload"] = (cls, {"stage": 1, "offload_optimizer": True})
        registry["deepspeed_stage_2"] = (cls, {"stage": 2})
        registry["deepspeed_stage_2_offload"] = (cls, {"stage": 2, "offload_optimizer": True})
        registry["deepspeed_stage_3"] = (cls, {"stage": 3})
        registry["deepspeed_stage_3_offload"] = (cls, {"stage": 3, "offload_optimizer": True, "offload_parameters": True})
        registry["deepspeed_stage_3_offload_nvme"] = (
            cls,
            {"stage": 3, "offload_optimizer": True, "offload_parameters": True, "remote_device": "nvme",
             "offload_params_device": "nvme", "offload_optimizer_device": "nvme"},
        )

    def _load_config(self, config: Any) -> Optional[dict]:
        # mirrors deepspeed.py DeepSpeedStrategy._load_config (line 828)
        if config is None and self.DEEPSPEED_ENV_VAR in os.environ:
            config = os.environ[self.DEEPSPEED_ENV_VAR]
        if isinstance(config, (str, Path)):
            if not os.path.isfile(config):
                raise FileNotFoundError(f"You passed in a path to a DeepSpeed config but the path does not exist: {config}")
            with open(config) as f:
                config = json.load(f)
        assert isinstance(config, dict) or config is None
        return config


def _create_default_config(
    zero_optimization: bool, zero_allow_untested_optimizer: bool, logging_batch_size_per_gpu: Optional[int], stage: int,
    offload_optimizer: bool, offload_parameters: bool, offload_optimizer_device: str, offload_params_device: str,
) -> dict:
    # mirrors deepspeed.py DeepSpeedStrategy._create_default_config (line 715), the keys the engine reads
    cfg: dict = {}
    if zero_optimization:
        zero_config: dict = {"stage": stage}
        if offload_optimizer:
            zero_config["offload_optimizer"] = {"device": offload_optimizer_device}
        if offload_parameters:
            zero_config["offload_param"] = {"device": offload_params_device}
        cfg.update({"zero_allow_untested_optimizer": zero_allow_untested_optimizer, "zero_optimization": zero_config})
    if logging_batch_size_per_gpu:
        cfg["train_micro_batch_size_per_gpu"] = logging_batch_size_per_gpu
    return cfg


def _single_engine(state: dict, method: str) -> _deepspeed.DeepSpeedEngine:
    # mirrors deepspeed.py _get_deepspeed_engines_from_state and the checks of save_checkpoint / load_checkpoint
    modules = [m for v in state.values() if isinstance(v, Module) for m in v.modules()]
    engines = [m for m in modules if isinstance(m, _deepspeed.DeepSpeedEngine)]
    if len(engines) == 0:
        raise ValueError(
            "Could not find a DeepSpeed model in the provided checkpoint state. Please provide the model as"
            f" part of the state like so: `{method}(..., state={{'model': model, ...}})`. Make sure"
            f" you set up the model (and optimizers if any) through the strategy before {'saving' if method == 'save_checkpoint' else 'loading'} the checkpoint."
        )
    if len(engines) > 1:
        raise ValueError(
            "Found multiple DeepSpeed engine modules in the given state. Saving checkpoints with DeepSpeed is"
            " currently limited to a single model per checkpoint. To save multiple models, call the"
            " save method for each model separately with a different path."
        )
    return engines[0]

