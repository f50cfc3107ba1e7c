"""The Trainer's DeepSpeedStrategy (src/lightning/pytorch/strategies/deepspeed.py, 2.6.5) over the engine stand-in."""
import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Generator, Optional

from lightning import _deepspeed
from lightning.fabric.accelerators import CUDAAccelerator
from lightning.fabric.strategies.deepspeed import _create_default_config
from lightning.fabric.utilities.exceptions import MisconfigurationException
from lightning.pytorch.core.optimizer import _init_optimizers_and_lr_schedulers
from lightning.pytorch.strategies.strategy import DDPStrategy


class DeepSpeedStrategy(DDPStrategy):
    strategy_name = "deepspeed"
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
        logging_batch_size_per_gpu: Any = "auto",
        config: Any = None,
        parallel_devices: Optional[list] = None,
        precision_plugin: Any = None,
        **kwargs: Any,
    ) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy.__init__ (line 80); the other keyword arguments are accepted, unused
        super().__init__(accelerator=accelerator, parallel_devices=parallel_devices, precision_plugin=precision_plugin)
        self.config = self._load_config(config)
        if self.config is None:
            self.config = _create_default_config(
                zero_optimization, zero_allow_untested_optimizer,
                logging_batch_size_per_gpu if logging_batch_size_per_gpu != "auto" else None, stage,
                offload_optimizer, offload_parameters, offload_optimizer_device, offload_params_device,
            )
        self._config_initialized = False
        self.remote_device = remote_device

    def _load_config(self, config: Any) -> Optional[dict]:
        # mirrors deepspeed.py DeepSpeedStrategy._load_config (line 812)
        if config is None and self.DEEPSPEED_ENV_VAR in os.environ:
            config = os.environ[self.DEEPSPEED_ENV_VAR]
        if isinstance(config, (str, Path)):
            if not os.path.isfile(config):
                raise MisconfigurationException(
                    f"You passed in a path to a DeepSpeed config but the path does not exist: {config}"
                )
            with open(config) as f:
                config = json.load(f)
        assert isinstance(config, dict) or config is None
        return config

    @property
    def zero_stage_3(self) -> bool:
        zero_optimization = self.config.get("zero_optimization")
        return zero_optimization is not None and zero_optimization.get("stage") == 3

    handles_gradient_accumulation = property(lambda self: True)

    @property
    def deepspeed_engine(self) -> Any:
        return self.model

    def setup_environment(self) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy.setup_environment (line 341)
        if not isinstance(self.accelerator, CUDAAccelerator):
            raise RuntimeError(
                f"The DeepSpeed strategy is only supported on CUDA GPUs but `{self.accelerator.__class__.__name__}`"
                " is used."
            )
        super().setup_environment()

    def setup(self, trainer: Any) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy.setup (line 358)
        self._init_config_if_needed()
        self.model = self.precision_plugin.convert_module(self.model)
        if trainer.state.fn == "fit":
            # mirrors deepspeed.py setup_optimizers: left empty here, made in _initialize_deepspeed_train
            self.optimizers = []
            self.lr_scheduler_configs = []
        self.init_deepspeed()
        self.barrier()

    def _init_config_if_needed(self) -> None:
        # mirrors deepspeed.py _init_config_if_needed / _format_config (line 826)
        if not self._config_initialized:
            if self.config is None:
                raise MisconfigurationException(
                    "To use DeepSpeed you must pass in a DeepSpeed config dict, or a path to a JSON config."
                    " See: https://lightning.ai/docs/pytorch/stable/advanced/model_parallel.html#deepspeed"
                )
            self._format_batch_size_and_grad_accum_config()
            self._config_initialized = True

    def _format_batch_size_and_grad_accum_config(self) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy._format_batch_size_and_grad_accum_config (line 917)
        if self.lightning_module is None:
            return
        if "gradient_accumulation_steps" in self.config:
            raise MisconfigurationException(
                "Do not set `gradient_accumulation_steps` in the DeepSpeed config"
                " as this will be set with the `accumulate_grad_batches` argument passed via the Lightning Trainer."
            )
        self.config["gradient_accumulation_steps"] = self.lightning_module.trainer.accumulate_grad_batches
        self.config.setdefault("train_micro_batch_size_per_gpu", 1)
        if "gradient_clipping" not in self.config:
            self.config["gradient_clipping"] = self.lightning_module.trainer.gradient_clip_val or 0.0

    def init_deepspeed(self) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy.init_deepspeed (line 458)
        if self.lightning_module.trainer.gradient_clip_algorithm == "value":
            raise MisconfigurationException("DeepSpeed does not support clipping gradients by value.")
        if self.lightning_module.trainer.training:
            self._initialize_deepspeed_train(self.model)
        else:
            self._initialize_deepspeed_inference(self.model)

    def _init_optimizers(self) -> tuple:
        # mirrors deepspeed.py DeepSpeedStrategy._init_optimizers (line 479)
        optimizers, lr_schedulers = _init_optimizers_and_lr_schedulers(self.lightning_module)
        if len(optimizers) > 1 or len(lr_schedulers) > 1:
            raise MisconfigurationException(
                "DeepSpeed currently only supports single optimizer, single optional scheduler."
            )
        return optimizers[0], lr_schedulers[0] if lr_schedulers else None

    def _initialize_deepspeed_train(self, model: Any) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy._initialize_deepspeed_train (line 494)
        optimizer, scheduler, lr_scheduler = None, None, None
        if "optimizer" not in self.config:
            optimizer, lr_scheduler = self._init_optimizers()
            if lr_scheduler is not None:
                scheduler = lr_scheduler.scheduler
        engine, deepspeed_optimizer, _, _ = _deepspeed.initialize(
            model=model, config=self.config, optimizer=optimizer, lr_scheduler=scheduler
        )
        self.optimizers = [deepspeed_optimizer]
        deepspeed_scheduler = engine.lr_scheduler
        if deepspeed_scheduler is not None:
            # "disable deepspeed lr scheduling as lightning manages scheduling"
            engine.lr_scheduler = None
            self.lr_scheduler_configs = [lr_scheduler]
        self.model = engine

    def _initialize_deepspeed_inference(self, model: Any) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy._initialize_deepspeed_inference (line 568): no optimizer
        inference_config = {"train_micro_batch_size_per_gpu": 1}
        if self.zero_stage_3:
            inference_config["zero_optimization"] = self.config["zero_optimization"]
        self.model, _, _, _ = _deepspeed.initialize(model=model, config=inference_config)

    @contextmanager
    def tensor_init_context(self, empty_init: Optional[bool] = None) -> Generator[None, None, None]:
        # mirrors deepspeed.py DeepSpeedStrategy.tensor_init_context (line 530)
        if self.zero_stage_3 and empty_init is False:
            raise NotImplementedError(
                f"`{empty_init=}` is not a valid choice with `DeepSpeedStrategy` when ZeRO stage 3 is enabled."
            )
        yield

    def training_step(self, *args: Any, **kwargs: Any) -> Any:
        # the engine wraps the LightningModule (Lightning routes its forward to training_step)
        return self.lightning_module.training_step(*args, **kwargs)

    def save_checkpoint(self, checkpoint: dict, filepath: Any, storage_options: Any = None) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy.save_checkpoint (line 635): the engine writes a folder
        if storage_options is not None:
            raise TypeError(
                "`Trainer.save_checkpoint(..., storage_options=...)` with `storage_options` arg"
                f" is not supported for `{self.__class__.__name__}` as `CheckpointIO` is not used."
            )
        client_state = {k: v for k, v in checkpoint.items() if k not in ("state_dict", "optimizer_states")}
        os.makedirs(str(filepath), exist_ok=True)
        self.model.save_checkpoint(filepath, client_state=client_state, tag="checkpoint")

    @classmethod
    def register_strategies(cls, registry: dict) -> None:
        # mirrors deepspeed.py DeepSpeedStrategy.register_strategies (line 780): the Trainer's names (no stage 1 offload)
        registry["deepspeed"] = (cls, {})
        registry["deepspeed_stage_1"] = (cls, {"stage": 1})
        registry["deepspeed_stage_2"] = (cls, {"stage": 2})
        registry["deepspeed_stage_2_offload"] = (cls, {"stage": 2, "offload_optimizer": True})
        registry["deepspeed_stage_3"] = (cls, {"stage": 3})
        registry["deepspeed_stage_3_offload"] = (cls, {"stage": 3, "offload_optimizer": True, "offload_parameters": True})
        registry["deepspeed_stage_3_offload_nvme"] = (
            cls,
            {"stage": 3, "offload_optimizer": True, "offload_parameters": True, "remote_device": "nvme",
             "offload_params_device": "nvme", "offload_optimizer_device": "nvme"},
        )
