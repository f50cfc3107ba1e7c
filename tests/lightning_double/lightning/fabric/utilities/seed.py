"""Seeding."""
import os
import random
from typing import Optional

import torch

# mirrors src/lightning/fabric/utilities/seed.py max_seed_value / min_seed_value (2.6.5)
_MAX_SEED = 4294967295
_MIN_SEED = 0


def seed_everything(seed: Optional[int] = None, workers: bool = False, verbose: bool = True) -> int:
    # mirrors src/lightning/fabric/utilities/seed.py seed_everything (2.6.5)
    if seed is None:
        env_seed = os.environ.get("PL_GLOBAL_SEED")
        seed = int(env_seed) if env_seed is not None else 0
    elif not isinstance(seed, int):
        seed = int(seed)
    if not (_MIN_SEED <= seed <= _MAX_SEED):
        # mirrors seed_everything: an out-of-range seed is replaced by 0 with a warning
        seed = 0
    os.environ["PL_GLOBAL_SEED"] = str(seed)
    random.seed(seed)
    try:
        import numpy

        numpy.random.seed(seed)
    except ImportError:
        pass
    torch.manual_seed(seed)
    os.environ["PL_SEED_WORKERS"] = f"{int(workers)}"
    return seed


def reset_seed() -> None:
    # mirrors src/lightning/fabric/utilities/seed.py reset_seed (2.6.5)
    seed = os.environ.get("PL_GLOBAL_SEED")
    if seed is not None:
        seed_everything(int(seed), workers=bool(int(os.environ.get("PL_SEED_WORKERS", "0"))), verbose=False)
