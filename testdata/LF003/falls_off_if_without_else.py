import torch
from torch import nn
from lightning import LightningModule, Trainer


class Forecaster(LightningModule):
    def __init__(self, n_features: int, horizon: int = 24, freeze_epochs: int = 2):
        super().__init__()
        self.lstm = nn.LSTM(n_features, 128, num_layers=2, batch_first=True)
        self.proj = nn.Linear(128, horizon)
        self.freeze_epochs = freeze_epochs

    def forward(self, x):
        h, _ = self.lstm(x)
        return self.proj(h[:, -1])

    def training_step(self, batch, batch_idx):
        x, y = batch
        y_hat = self(x)
        loss = nn.functional.l1_loss(y_hat, y)
        self.log("train_mae", loss, prog_bar=True)
        if self.current_epoch >= self.freeze_epochs:
            return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


STRATEGY = "deepspeed_stage_2"

if __name__ == "__main__":
    trainer = Trainer(devices=2, strategy=STRATEGY, max_epochs=20)
    trainer.fit(Forecaster(n_features=7))
