"""Model zoo for the image classification experiments."""
from .base import BaseModule
from .classifier import ImageClassifier

__all__ = ["BaseModule", "ImageClassifier"]
