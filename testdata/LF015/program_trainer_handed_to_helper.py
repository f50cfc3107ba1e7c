"""The Trainer is built by the caller and handed to a helper that fits a compiled model (autogluon's `run_trainer(self, trainer, ...)`)."""
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


def run_trainer(trainer, model, loader):
    trainer.fit(torch.compile(model), loader)


def main():
    trainer = pl.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False)
    run_trainer(trainer, Regressor(), DataLoader(torch.randn(12, 8), batch_size=4))


if __name__ == "__main__":
    main()
