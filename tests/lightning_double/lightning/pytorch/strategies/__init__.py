from lightning.pytorch.strategies.deepspeed import DeepSpeedStrategy
from lightning.pytorch.strategies.strategy import (
    DDPStrategy,
    FSDPStrategy,
    ParallelStrategy,
    SingleDeviceStrategy,
    Strategy,
    XLAStrategy,
)

# mirrors src/lightning/pytorch/strategies/__init__.py StrategyRegistry (2.6.5): name -> (class, init arguments)
StrategyRegistry: dict = {}
for _cls in (DDPStrategy, DeepSpeedStrategy, FSDPStrategy, SingleDeviceStrategy, XLAStrategy):
    _cls.register_strategies(StrategyRegistry)

__all__ = [
    "DDPStrategy",
    "DeepSpeedStrategy",
    "FSDPStrategy",
    "ParallelStrategy",
    "SingleDeviceStrategy",
    "Strategy",
    "StrategyRegistry",
]
