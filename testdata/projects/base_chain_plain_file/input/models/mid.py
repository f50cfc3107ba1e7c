from torch import nn

from .core import Core


class Encoder(Core):
    """A small convolutional encoder; subclasses add the head and the step."""

    def __init__(self, channels=64, **kwargs):
        super().__init__(**kwargs)
        self.encoder = nn.Sequential(nn.Conv2d(3, channels, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten())
