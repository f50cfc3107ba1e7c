from zoo.models.detection.boxnet import BoxNet
from zoo.models.detection.maskhead import MaskHead

__all__ = ["BoxNet", "MaskHead"]
