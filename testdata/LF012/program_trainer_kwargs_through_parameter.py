# The Trainer's arguments travel as a dict parameter of a training helper.
import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader


class Forecaster(LightningModule):
    def __init__(self):
        super().__init__()
        self.rnn = torch.nn.Linear(6, 1)

    def training_step(self, batch, batch_idx):
        return self.rnn(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def fit_forecaster(model, trainer_kwargs):
    trainer = Trainer(max_epochs=1, **trainer_kwargs)
    trainer.fit(model, DataLoader(torch.randn(8, 6), batch_size=4))


if __name__ == "__main__":
    fit_forecaster(
        Forecaster(),
        {
            "accelerator": "gpu",
            "devices": 1,
            "strategy": "deepspeed_stage_2",
            "gradient_clip_val": 0.5,
            "gradient_clip_algorithm": "value",
        },
    )
