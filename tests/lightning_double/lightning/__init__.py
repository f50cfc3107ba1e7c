"""The Lightning test double: Lightning 2.6.5's behaviour that matters to lightfix, in one CPU process.

See tests/lightning_double/README.md."""
from lightning import _compile  # noqa: F401  (installs a `torch.compile` shim where torch has none)
from lightning.fabric import Fabric, seed_everything
from lightning.pytorch import Callback, LightningDataModule, LightningModule, Trainer

__version__ = "2.6.5"
__all__ = ["Callback", "Fabric", "LightningDataModule", "LightningModule", "Trainer", "seed_everything"]
