"""A project's own Trainer wrapper builds its LightningModule in a method (`configure_lightning_module`) and fits it with the strategy it was given; its `test()` may load one from a checkpoint."""
import lightning as pl
import torch
from torch.utils.data import DataLoader


class RetrieverModule(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(2, 1)

    def training_step(self, batch, batch_idx):
        loss = self.layer(batch).sum()
        if batch_idx == 0:  # skip this batch
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class Trainer:
    def __init__(self, strategy: str = "auto"):
        self.strategy = strategy
        self.lightning_module = self.configure_lightning_module()
        self.trainer = None

    def configure_lightning_module(self):
        self.lightning_module = RetrieverModule()
        return self.lightning_module

    def train(self):
        self.trainer = pl.Trainer(strategy=self.strategy, devices=1, max_epochs=1)
        self.trainer.fit(self.lightning_module, train_dataloaders=DataLoader(torch.randn(4, 2), batch_size=2))

    def test(self, checkpoint_path=None):
        if self.trainer is None:
            self.trainer = pl.Trainer(strategy=self.strategy, devices=1)
        if checkpoint_path is not None:
            best_module = RetrieverModule.load_from_checkpoint(checkpoint_path)
        else:
            best_module = self.lightning_module
        self.trainer.test(best_module)


if __name__ == "__main__":
    Trainer(strategy="deepspeed_stage_2").train()
