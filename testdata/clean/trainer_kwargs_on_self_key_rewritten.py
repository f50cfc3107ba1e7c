# The Trainer's arguments kept on the model say clip by value, but the key
# is written again before the Trainer is built: what it holds then is not
# known from the first write, so nothing is reported.
import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader


class Forecaster(LightningModule):
    def __init__(self, **trainer_kwargs):
        super().__init__()
        trainer_kwargs["gradient_clip_algorithm"] = "value"
        self.trainer_kwargs = trainer_kwargs
        self.fc = torch.nn.Linear(3, 1)

    def training_step(self, batch, batch_idx):
        return self.fc(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)

    def fit_loader(self, loader):
        self.trainer_kwargs["gradient_clip_algorithm"] = "norm"
        trainer = Trainer(**self.trainer_kwargs)
        trainer.fit(self, loader)


if __name__ == "__main__":
    loader = DataLoader(torch.randn(8, 3), batch_size=4)
    model = Forecaster(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1)
    model.fit_loader(loader)
