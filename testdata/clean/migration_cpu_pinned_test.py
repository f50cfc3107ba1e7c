# args: --target-strategy deepspeed
"""A unit test pinned to the CPU is not the job being migrated: its module
may skip batches by returning None."""

import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader, TensorDataset


class Tiny(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        if batch_idx % 2:
            return None
        x, y = batch
        return torch.nn.functional.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def test_tiny_trains():
    data = DataLoader(TensorDataset(torch.randn(8, 4), torch.randn(8, 1)), batch_size=2)
    trainer = Trainer(accelerator="cpu", devices=1, max_steps=2)
    trainer.fit(Tiny(), data)
