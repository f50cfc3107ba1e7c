"""From Fabric's (and, by subclassing, the Trainer's) arguments to an accelerator, a strategy and a precision plugin."""
import os
from typing import Any, Iterable

from lightning.fabric import plugins as _plugins
from lightning.fabric.accelerators import ACCELERATOR_REGISTRY, Accelerator, CUDAAccelerator
from lightning.fabric.plugins.precision import _convert_precision_to_unified_args
from lightning.fabric.strategies import STRATEGY_REGISTRY, DeepSpeedStrategy, FSDPStrategy, SingleDeviceStrategy, Strategy


class _Connector:
    # what differs between Fabric (src/lightning/fabric/connector.py) and the Trainer
    # (src/lightning/pytorch/trainer/connectors/accelerator_connector.py), 2.6.5
    _caller = "Fabric"
    _strategy_base: type = Strategy
    _strategy_base_path = "lightning.fabric.strategies.Strategy"
    _example_choices = "auto, ddp, ddp_spawn, deepspeed, dp, ..."
    _registry = STRATEGY_REGISTRY
    _single_device = SingleDeviceStrategy
    _deepspeed = DeepSpeedStrategy
    _fsdp = FSDPStrategy
    _precision = _plugins

    def __init__(
        self,
        accelerator: Any = "auto",
        strategy: Any = "auto",
        devices: Any = "auto",
        num_nodes: int = 1,
        precision: Any = None,
        plugins: Any = None,
    ) -> None:
        # mirrors connector.py _Connector.__init__ (2.6.5): the same steps in the same order
        if self._caller == "Fabric":
            accelerator = _argument_from_env("accelerator", accelerator, default="auto")
            strategy = _argument_from_env("strategy", strategy, default="auto")
            devices = _argument_from_env("devices", devices, default="auto")
            num_nodes = int(_argument_from_env("num_nodes", num_nodes, default=1))
            precision = _argument_from_env("precision", precision, default=None)
        self._check_config_and_set_final_flags(strategy, accelerator, precision, plugins)
        self._check_device_config_and_set_final_flags(devices, num_nodes)
        if self._accelerator_flag in ("auto", "gpu"):
            # mirrors connector.py _choose_auto_accelerator / _choose_gpu_accelerator_backend: the double's
            # machine has CUDA GPUs (and no MPS or TPU)
            self._accelerator_flag = "cuda"
        self._set_parallel_devices_and_init_accelerator()
        if self._strategy_flag == "auto":
            self._strategy_flag = self._choose_strategy()
        self._check_strategy_and_fallback()
        self._init_strategy()
        self.precision = self._check_and_init_precision()
        self._lazy_init_strategy()

    def _check_config_and_set_final_flags(self, strategy: Any, accelerator: Any, precision: Any, plugins: Any) -> None:
        # mirrors connector.py _check_config_and_set_final_flags (line 164)
        if plugins is not None:
            plugins = [plugins] if not isinstance(plugins, Iterable) else plugins
        if isinstance(strategy, str):
            strategy = strategy.lower()
        self._strategy_flag = strategy
        if strategy != "auto" and strategy not in self._registry and not isinstance(strategy, self._strategy_base):
            raise ValueError(
                f"You selected an invalid strategy name: `strategy={strategy!r}`."
                f" It must be either a string or an instance of `{self._strategy_base_path}`."
                f" Example choices: {self._example_choices}"
                " Find a complete list of options in our documentation at https://lightning.ai"
            )
        if accelerator not in ACCELERATOR_REGISTRY and accelerator not in ("auto", "gpu") and not isinstance(accelerator, Accelerator):
            # mirrors connector.py _check_config_and_set_final_flags: an unknown accelerator name
            raise ValueError(
                f"You selected an invalid accelerator name: `accelerator={accelerator!r}`."
                f" Available names are: auto, {', '.join(ACCELERATOR_REGISTRY)}."
            )
        self._accelerator_flag = accelerator
        precision_input = _convert_precision_to_unified_args(precision)
        self._precision_instance = None
        for plugin in plugins or []:
            if isinstance(plugin, self._precision.Precision):
                self._precision_instance = plugin
        if self._precision_instance is not None and precision_input is not None:
            raise ValueError(
                f"Received both `precision={precision_input}` and `plugins={self._precision_instance}`. Choose one."
            )
        self._precision_input = "32-true" if precision_input is None else precision_input
        if isinstance(self._strategy_flag, self._strategy_base):
            # mirrors connector.py: a strategy instance may bring its accelerator and precision plugin
            if self._strategy_flag._accelerator:
                if self._accelerator_flag != "auto":
                    raise self._config_error("accelerator set through both strategy class and accelerator flag, choose one")
                self._accelerator_flag = self._strategy_flag._accelerator
            strategy_precision = getattr(self._strategy_flag, "_precision", None) or getattr(
                self._strategy_flag, "_precision_plugin", None
            )
            if strategy_precision:
                if self._precision_instance:
                    raise self._config_error("precision set through both strategy class and plugins, choose one")
                self._precision_instance = strategy_precision

    def _config_error(self, message: str) -> Exception:
        return ValueError(message)

    def _check_device_config_and_set_final_flags(self, devices: Any, num_nodes: int) -> None:
        # mirrors connector.py _check_device_config_and_set_final_flags (line 298)
        if not isinstance(num_nodes, int) or num_nodes < 1:
            raise ValueError(f"`num_nodes` must be a positive integer, but got {num_nodes}.")
        self._num_nodes_flag = num_nodes
        self._devices_flag = devices
        if devices in ([], 0, "0"):
            name = type(self._accelerator_flag).__qualname__ if isinstance(self._accelerator_flag, Accelerator) else self._accelerator_flag
            raise self._config_error(
                f"`{self._caller}(devices={devices!r})` value is not a valid input using {name} accelerator."
            )

    def _set_parallel_devices_and_init_accelerator(self) -> None:
        # mirrors connector.py _set_parallel_devices_and_init_accelerator (line 335)
        if isinstance(self._accelerator_flag, Accelerator):
            self.accelerator = self._accelerator_flag
        else:
            self.accelerator = ACCELERATOR_REGISTRY[self._accelerator_flag]()
        accelerator_cls = type(self.accelerator)
        if not accelerator_cls.is_available():
            available = [name for name, cls in ACCELERATOR_REGISTRY.items() if cls.is_available()]
            raise RuntimeError(
                f"`{accelerator_cls.__qualname__}` can not run on your system"
                " since the accelerator is not available. The following accelerator(s)"
                " is available and can be passed into `accelerator` argument of"
                f" `{self._caller}`: {available}."
            )
        # "auto" devices: the accelerator's auto_device_count(), one in the double
        devices = 1 if self._devices_flag == "auto" else self._devices_flag
        self._num_devices = accelerator_cls.parse_devices(devices)

    def _choose_strategy(self) -> Any:
        # mirrors connector.py _choose_strategy (line 394)
        if self._num_nodes_flag > 1:
            return "ddp"
        if self._num_devices <= 1:
            return self._single_device(device="cuda" if isinstance(self.accelerator, CUDAAccelerator) else "cpu")
        return "ddp"

    def _check_strategy_and_fallback(self) -> None:
        # mirrors connector.py _check_strategy_and_fallback (line 415)
        strategy_flag = "" if isinstance(self._strategy_flag, self._strategy_base) else self._strategy_flag
        if strategy_flag == "dp" and self.accelerator.name == "cpu":
            strategy_flag = "ddp"
        is_fsdp = strategy_flag in ("fsdp", "fsdp_cpu_offload") or type(self._strategy_flag) is self._fsdp
        if is_fsdp and not isinstance(self.accelerator, CUDAAccelerator):
            raise ValueError(self._fsdp_needs_gpu())
        if strategy_flag:
            self._strategy_flag = strategy_flag

    def _fsdp_needs_gpu(self) -> str:
        return (
            "You selected the FSDP strategy but FSDP is only available on GPU. Set `Fabric(accelerator='gpu', ...)`"
            " to continue or select a different strategy."
        )

    def _init_strategy(self) -> None:
        # mirrors connector.py _init_strategy (line 443)
        if isinstance(self._strategy_flag, str):
            cls, init_params = self._registry[self._strategy_flag]
            self.strategy = cls(**init_params)
        else:
            self.strategy = self._strategy_flag

    def _check_and_init_precision(self) -> Any:
        # mirrors connector.py _check_and_init_precision (line 452)
        p = self._precision
        if isinstance(self._precision_instance, p.Precision):
            return self._precision_instance
        if isinstance(self.strategy, self._deepspeed):
            return p.DeepSpeedPrecision(self._precision_input)
        if isinstance(self.strategy, self._fsdp):
            return p.FSDPPrecision(precision=self._precision_input)
        if self._precision_input in ("16-true", "bf16-true"):
            return p.HalfPrecision(self._precision_input)
        if self._precision_input == "32-true":
            return p.Precision()
        if self._precision_input == "64-true":
            return p.DoublePrecision()
        if self._precision_input.startswith("transformer-engine"):
            return p.TransformerEnginePrecision()
        if self._precision_input == "16-mixed" and self.accelerator.name == "cpu":
            self._precision_input = "bf16-mixed"  # AMP with fp16 is not supported on CPU
        device = self.accelerator.name if self.accelerator.name in ("cpu", "mps") else "cuda"
        return p.MixedPrecision(precision=self._precision_input, device=device)

    def _lazy_init_strategy(self) -> None:
        # mirrors connector.py _lazy_init_strategy (line 500)
        self.strategy.accelerator = self.accelerator
        if self.precision:
            self._set_precision(self.precision)
        if hasattr(self.strategy, "parallel_devices"):
            if not self.strategy.parallel_devices:
                self.strategy.parallel_devices = [self.strategy.root_device] * self._num_devices
        if hasattr(self.strategy, "_num_nodes"):
            self.strategy._num_nodes = self._num_nodes_flag
        self.strategy._configure_launcher()

    def _set_precision(self, precision: Any) -> None:
        self.strategy.precision = precision


def _argument_from_env(name: str, current: Any, default: Any) -> Any:
    # mirrors connector.py _Connector._argument_from_env (line 542): what `fabric run --name=...` set
    env_value = os.environ.get("LT_" + name.upper())
    if env_value is None:
        return current
    if env_value != str(current) and str(current) != str(default) and bool(int(os.environ.get("LT_CLI_USED", "0"))):
        raise ValueError(
            f"Your code has `Fabric({name}={current!r}, ...)` but it conflicts with the value "
            f"`--{name}={env_value}` set through the CLI. "
            " Remove it either from the CLI or from the Lightning Fabric object."
        )
    return env_value
