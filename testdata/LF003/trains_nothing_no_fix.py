"""A module that trains nothing (no optimizer): a zero tied to its parameters would be a float, so no fix."""
import torch
from lightning.pytorch import LightningModule, Trainer


class NoTrainModel(LightningModule):
    """Statistics-only model: nothing to optimise (like anomalib's dummy/zero-shot models)."""

    def training_step(self, batch, batch_idx):
        """No training."""

    def configure_optimizers(self):
        """No optimizers needed."""


Trainer(strategy="deepspeed_stage_2", max_epochs=1).fit(
    NoTrainModel(), torch.utils.data.DataLoader(torch.randn(4, 2))
)
