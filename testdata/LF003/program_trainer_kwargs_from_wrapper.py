"""A wrapper takes the Trainer's options as `**kwargs` and its caller passes
the strategy: the Trainer runs what the caller passes."""

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


def train(model, data, **trainer_options):
    trainer = Trainer(accelerator="gpu", devices=1, max_epochs=1, **trainer_options)
    trainer.fit(model, data)


def main():
    data = DataLoader(TensorDataset(torch.randn(16, 4) * 100, torch.randn(16, 1)), batch_size=4)
    train(Regressor(), data, strategy="deepspeed")


if __name__ == "__main__":
    main()
