"""`training_step` hands the batch to a task object whose own
`training_step` skips a batch with `None`: Lightning gets that `None`."""

import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader, TensorDataset


class RegressionTask:
    def training_step(self, model, batch):
        x, y = batch
        loss = torch.nn.functional.mse_loss(model(x), y)
        if loss > 100:
            return None
        return loss


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)
        self.task = RegressionTask()

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_idx):
        return self.task.training_step(self, batch)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(16, 4) * 100, torch.randn(16, 1)), batch_size=4)
    trainer = Trainer(strategy="deepspeed_stage_2", accelerator="gpu", devices=1, max_epochs=1)
    trainer.fit(Regressor(), data)
