"""The Trainer's connector: Fabric's steps with the Trainer's registry, classes and messages
(src/lightning/pytorch/trainer/connectors/accelerator_connector.py, 2.6.5)."""
from typing import Any

from lightning.fabric.connector import _Connector
from lightning.fabric.utilities.exceptions import MisconfigurationException
from lightning.pytorch import plugins as _plugins
from lightning.pytorch.strategies import (
    DeepSpeedStrategy,
    FSDPStrategy,
    SingleDeviceStrategy,
    Strategy,
    StrategyRegistry,
)


class _AcceleratorConnector(_Connector):
    _caller = "Trainer"
    _strategy_base = Strategy
    _strategy_base_path = "lightning.pytorch.strategies.Strategy"
    _example_choices = "auto, ddp, ddp_spawn, deepspeed, ..."
    _registry = StrategyRegistry
    _single_device = SingleDeviceStrategy
    _deepspeed = DeepSpeedStrategy
    _fsdp = FSDPStrategy
    _precision = _plugins

    def _config_error(self, message: str) -> Exception:
        # mirrors accelerator_connector.py: the Trainer raises MisconfigurationException where Fabric raises ValueError
        return MisconfigurationException(message)

    def _fsdp_needs_gpu(self) -> str:
        # mirrors accelerator_connector.py _check_strategy_and_fallback (line 424)
        return (
            f"The strategy `fsdp` requires a GPU accelerator, but received "
            f"`accelerator={self.accelerator.name!r}`. Please set `accelerator='cuda'`, `accelerator='gpu'`,"
            " or pass a `CUDAAccelerator()` instance to use FSDP."
        )

    def _set_precision(self, precision: Any) -> None:
        self.strategy.precision_plugin = precision
