from lightning.fabric.fabric import Fabric
from lightning.fabric.utilities.seed import seed_everything

__all__ = ["Fabric", "seed_everything"]
