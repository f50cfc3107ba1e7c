"""Modules built by an inherited classmethod factory, `LitX.create(config)`: each Trainer trains the class it names."""
import torch
from torch import nn
import lightning as L


class LitBase(L.LightningModule):
    def __init__(self, width: int):
        super().__init__()
        self.net = nn.Linear(width, 1)

    @classmethod
    def create(cls, config: dict):
        return cls(width=config["width"])

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-3)


class LitRegressor(LitBase):
    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x).squeeze(-1), y)
        if not torch.isfinite(loss):
            return None  # a skip, allowed on one device
        return loss


class LitOther(LitBase):
    def training_step(self, batch, batch_idx):
        x, y = batch
        if x.shape[0] < 4:
            return None  # a short last batch: DeepSpeed refuses the skip
        return nn.functional.mse_loss(self.net(x).squeeze(-1), y)
