import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning.pytorch as pl


class LitRegressor(pl.LightningModule):
    def __init__(self, width: int = 5):
        super().__init__()
        self.net = nn.Linear(width, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x).squeeze(-1), y)
        if not torch.isfinite(loss):
            return sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-3)

    def train_dataloader(self):
        x = torch.randn(12, 5)
        x[8] = float("nan")  # the third batch's loss is not finite
        return DataLoader(TensorDataset(x, torch.randn(12)), batch_size=4)
