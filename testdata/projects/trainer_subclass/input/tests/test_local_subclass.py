from pytorch_lightning import LightningModule
from pytorch_lightning import Trainer as PlTrainer


class Trainer(PlTrainer):
    pass


class CheckedModel(LightningModule):
    def training_step(self, batch, batch_idx):
        assert batch.sum() > 0


def test_fit():
    trainer = Trainer(fast_dev_run=True)
    trainer.fit(CheckedModel())
