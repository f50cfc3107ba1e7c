import torch
from torch.utils.data import DataLoader
import lightning as L


class Pretrain(L.LightningModule):
    def __init__(self, width: int = 8):
        super().__init__()
        self.net = torch.nn.Linear(width, 1)

    def training_step(self, batch, batch_idx):
        loss = self.net(batch).pow(2).mean()
        if batch.size(0) < 4:  # a short last batch: skipped, as DDP allows
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)

    def train_dataloader(self):
        return DataLoader(torch.randn(10, 8), batch_size=4)


class Finetune(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)

    def train_dataloader(self):
        return DataLoader(torch.randn(8, 8), batch_size=4)
