from .module import BoxNet

__all__ = ["BoxNet"]
