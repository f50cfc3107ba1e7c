from lightning.fabric.plugins.precision import (  # noqa: F401
    DeepSpeedPrecision,
    DoublePrecision,
    FSDPPrecision,
    HalfPrecision,
    MixedPrecision,
    Precision,
    TransformerEnginePrecision,
)


class CheckpointIO:
    """Accepted in `plugins=`; the double saves with `torch.save`."""


class ClusterEnvironment:
    """Accepted in `plugins=`; the double runs one process."""
