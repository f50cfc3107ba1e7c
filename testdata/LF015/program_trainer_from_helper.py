"""The Trainer comes from the script's `create_trainer()` (safari's idiom); the model given to `fit` is compiled."""
import torch
from torch.utils.data import DataLoader
import lightning.pytorch as pl


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def create_trainer():
    trainer = pl.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False)
    return trainer


def train():
    trainer = create_trainer()
    model = Regressor()
    model = torch.compile(model)
    trainer.fit(model, DataLoader(torch.randn(12, 8), batch_size=4))


if __name__ == "__main__":
    train()
