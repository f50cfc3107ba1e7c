# An estimator keeps the Trainer's arguments and builds the Trainer later.
import torch
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.callbacks import StochasticWeightAveraging
from torch.utils.data import DataLoader


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(3, 1)

    def training_step(self, batch, batch_idx):
        return self.fc(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


class Estimator:
    def __init__(self, trainer_kwargs):
        self.trainer_kwargs = trainer_kwargs

    def train(self, module):
        trainer = Trainer(max_epochs=1, **self.trainer_kwargs)
        trainer.fit(module, DataLoader(torch.randn(8, 3), batch_size=4))


if __name__ == "__main__":
    estimator = Estimator(
        trainer_kwargs=dict(
            accelerator="gpu",
            devices=1,
            strategy="deepspeed_stage_3",
            callbacks=[StochasticWeightAveraging(swa_lrs=1e-3)],
        )
    )
    estimator.train(Regressor())
