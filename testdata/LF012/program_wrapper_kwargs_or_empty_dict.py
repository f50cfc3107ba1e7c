"""A project's Trainer wrapper keeps `trainer_kwargs or {}` on self and unpacks it into Lightning's Trainer, with the strategy it was given."""
import lightning as pl
import torch
from torch.utils.data import DataLoader


class RetrieverModule(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(2, 1)

    def training_step(self, batch, batch_idx):
        return self.layer(batch).sum()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class Trainer:
    def __init__(self, strategy: str = "auto", trainer_kwargs: dict | None = None):
        self.strategy = strategy
        self.trainer_kwargs = trainer_kwargs or {}
        self.lightning_module = RetrieverModule()

    def train(self):
        self.trainer = pl.Trainer(
            strategy=self.strategy,
            devices=1,
            max_epochs=1,
            **self.trainer_kwargs,
        )
        self.trainer.fit(self.lightning_module, train_dataloaders=DataLoader(torch.randn(4, 2), batch_size=2))


if __name__ == "__main__":
    Trainer(strategy="deepspeed_stage_2", trainer_kwargs={"gradient_clip_algorithm": "value"}).train()
