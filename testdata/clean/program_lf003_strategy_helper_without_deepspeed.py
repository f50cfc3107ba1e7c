"""The strategy comes from a builder whose every return is visible and none is DeepSpeed
(NeMo's `_training_strategy`): skipping a step on one device is allowed."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L
from lightning.pytorch.strategies import DDPStrategy


class Builder:
    def __init__(self, kind):
        self.kind = kind

    def _training_strategy(self):
        if self.kind == "ddp":
            return DDPStrategy(find_unused_parameters=True)
        if self.kind == "single":
            return "auto"
        raise ValueError(f"unknown strategy {self.kind}")

    def trainer(self):
        return L.Trainer(accelerator="cpu", devices=1, strategy=self._training_strategy(), max_epochs=1, logger=False)


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(5, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x).squeeze(-1), y)
        if not torch.isfinite(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-3)


x = torch.randn(12, 5)
x[8] = float("nan")  # the third batch's loss is not finite
data = TensorDataset(x, torch.randn(12))
Builder("single").trainer().fit(Regressor(), DataLoader(data, batch_size=4))
