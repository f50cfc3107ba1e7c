"""Lightning's `ManualOptimBoringModel` turns automatic optimization off in
its `__init__`: a subclass's `training_step` may return `None`."""

from lightning.pytorch import Trainer
from lightning.pytorch.demos.boring_classes import ManualOptimBoringModel


class SkipOddBatches(ManualOptimBoringModel):
    def training_step(self, batch, batch_idx):
        if batch_idx % 2:
            return None
        return super().training_step(batch, batch_idx)


trainer = Trainer(strategy="deepspeed_stage_2", accelerator="gpu", devices=1, max_steps=4)
trainer.fit(SkipOddBatches())
