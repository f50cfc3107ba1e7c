from lightning.fabric.plugins import CheckpointIO, ClusterEnvironment  # noqa: F401
from lightning.pytorch.plugins.precision import (  # noqa: F401
    DeepSpeedPrecision,
    DoublePrecision,
    FSDPPrecision,
    HalfPrecision,
    MixedPrecision,
    Precision,
    TransformerEnginePrecision,
)
