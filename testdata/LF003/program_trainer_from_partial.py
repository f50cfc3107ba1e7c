"""Every Trainer of the script is made by one `functools.partial` that fixes
the strategy; the fit run adds its own epochs and still runs DeepSpeed."""

import functools

import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader, TensorDataset

make_trainer = functools.partial(Trainer, accelerator="gpu", devices=1, strategy="deepspeed_stage_2")


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
    trainer = make_trainer(max_epochs=1)
    trainer.fit(Regressor(), data)


if __name__ == "__main__":
    main()
