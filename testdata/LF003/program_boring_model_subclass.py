"""A test model built on Lightning's own `BoringModel` (a LightningModule from
`lightning.pytorch.demos`) that skips every other batch."""

from lightning.pytorch import Trainer
from lightning.pytorch.demos.boring_classes import BoringModel


class SkipOddBatches(BoringModel):
    def training_step(self, batch, batch_idx):
        loss = self.step(batch)
        if batch_idx % 2:
            return None
        return loss


if __name__ == "__main__":
    trainer = Trainer(strategy="deepspeed_stage_2", accelerator="gpu", devices=1, max_steps=4)
    trainer.fit(SkipOddBatches())
