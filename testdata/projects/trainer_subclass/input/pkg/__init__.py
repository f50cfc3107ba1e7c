from pkg.trainer import Trainer  # noqa: F401
