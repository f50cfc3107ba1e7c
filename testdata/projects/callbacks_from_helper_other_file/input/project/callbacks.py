"""The callbacks a run uses, chosen by its settings."""
from lightning.pytorch.callbacks import ModelCheckpoint, StochasticWeightAveraging


def build_callbacks(swa):
    callbacks = [ModelCheckpoint(save_last=True)]
    if swa:
        callbacks.append(StochasticWeightAveraging(swa_lrs=1e-2))
    return callbacks
