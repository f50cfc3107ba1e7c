from zoo.models.detection.maskhead.module import MaskHead
