from lightning.fabric.strategies.deepspeed import DeepSpeedStrategy
from lightning.fabric.strategies.strategy import (
    DataParallelStrategy,
    DDPStrategy,
    FSDPStrategy,
    ParallelStrategy,
    SingleDeviceStrategy,
    Strategy,
    XLAStrategy,
)

# mirrors src/lightning/fabric/strategies/registry.py STRATEGY_REGISTRY (2.6.5): name -> (class, init arguments)
STRATEGY_REGISTRY: dict = {}
for _cls in (DDPStrategy, DataParallelStrategy, FSDPStrategy, DeepSpeedStrategy, XLAStrategy):
    _cls.register_strategies(STRATEGY_REGISTRY)

__all__ = [
    "DataParallelStrategy",
    "DDPStrategy",
    "DeepSpeedStrategy",
    "FSDPStrategy",
    "ParallelStrategy",
    "SingleDeviceStrategy",
    "Strategy",
    "STRATEGY_REGISTRY",
]
