# The model keeps its Trainer's arguments and appends a callback to the
# list under their "callbacks" key, made there when the caller gave none.
import torch
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.callbacks import StochasticWeightAveraging
from torch.utils.data import DataLoader


class Forecaster(LightningModule):
    def __init__(self, swa_lrs=1e-2, **trainer_kwargs):
        super().__init__()
        if "callbacks" not in trainer_kwargs:
            trainer_kwargs["callbacks"] = []
        trainer_kwargs["callbacks"].append(StochasticWeightAveraging(swa_lrs=swa_lrs))
        self.trainer_kwargs = trainer_kwargs
        self.fc = torch.nn.Linear(3, 1)

    def training_step(self, batch, batch_idx):
        return self.fc(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)

    def fit_loader(self, loader):
        trainer = Trainer(**self.trainer_kwargs)
        trainer.fit(self, loader)


if __name__ == "__main__":
    loader = DataLoader(torch.randn(8, 3), batch_size=4)
    Forecaster(accelerator="gpu", devices=1, strategy="deepspeed_stage_2").fit_loader(loader)
