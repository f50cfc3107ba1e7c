"""The Trainer's arguments are gathered in a dict first, and the strategy is
set into it by a later statement: `Trainer(**trainer_kwargs)` runs DeepSpeed."""

import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader, TensorDataset


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        if loss > 100:
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


def main():
    data = DataLoader(TensorDataset(torch.randn(16, 4) * 100, torch.randn(16, 1)), batch_size=4)
    trainer_kwargs = dict(accelerator="gpu", devices=1, max_epochs=1)
    trainer_kwargs["strategy"] = "deepspeed_stage_2"
    trainer = Trainer(**trainer_kwargs)
    trainer.fit(Regressor(), data)


if __name__ == "__main__":
    main()
