"""`lightning_fabric`, the standalone name of `lightning.fabric`: the same objects under both names."""
import sys

import lightning.fabric
import lightning.fabric.accelerators
import lightning.fabric.connector
import lightning.fabric.loggers
import lightning.fabric.plugins
import lightning.fabric.strategies
import lightning.fabric.utilities
import lightning.fabric.utilities.exceptions
import lightning.fabric.wrappers
from lightning.fabric import *  # noqa: F401,F403
from lightning.fabric import Fabric, seed_everything  # noqa: F401

for _name, _module in list(sys.modules.items()):
    if _name.startswith("lightning.fabric."):
        sys.modules["lightning_fabric." + _name[len("lightning.fabric."):]] = _module
