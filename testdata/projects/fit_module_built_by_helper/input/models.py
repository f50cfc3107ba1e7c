import torch
from torch import nn
import lightning as L


class Regressor(L.LightningModule):
    def __init__(self, lr=1e-3):
        super().__init__()
        self.net = nn.Linear(4, 1)
        self.lr = lr

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x), y)
        if batch_idx % 2 == 1:  # skip every other batch
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.lr)


class Ranker(Regressor):
    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.l1_loss(self.net(x), y)
