from lightning.fabric.utilities.apply_func import apply_to_collection, move_data_to_device  # noqa: F401
from lightning.fabric.utilities.exceptions import MisconfigurationException  # noqa: F401
from lightning.fabric.utilities.rank_zero import rank_zero_info, rank_zero_only, rank_zero_warn  # noqa: F401
