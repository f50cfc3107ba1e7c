from lightning.fabric.utilities.exceptions import MisconfigurationException  # noqa: F401
