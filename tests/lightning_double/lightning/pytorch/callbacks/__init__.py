from lightning.pytorch.callbacks.callback import Callback
from lightning.pytorch.callbacks.checkpoint import (
    EarlyStopping,
    LearningRateMonitor,
    ModelCheckpoint,
    ModelSummary,
    RichProgressBar,
    TQDMProgressBar,
)
from lightning.pytorch.callbacks.finetuning import BackboneFinetuning, BaseFinetuning
from lightning.pytorch.callbacks.gradient_accumulation_scheduler import GradientAccumulationScheduler
from lightning.pytorch.callbacks.stochastic_weight_avg import StochasticWeightAveraging

__all__ = [
    "BackboneFinetuning",
    "BaseFinetuning",
    "Callback",
    "EarlyStopping",
    "GradientAccumulationScheduler",
    "LearningRateMonitor",
    "ModelCheckpoint",
    "ModelSummary",
    "RichProgressBar",
    "StochasticWeightAveraging",
    "TQDMProgressBar",
]
