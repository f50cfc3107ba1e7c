from .finetune import Finetune
from .pretrain import Pretrain

__all__ = ["Finetune", "Pretrain"]
