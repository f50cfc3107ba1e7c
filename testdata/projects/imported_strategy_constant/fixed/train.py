import torch
from torch.utils.data import DataLoader
import lightning as L

import settings
from settings import STRATEGY


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        if batch.size(0) < settings.BATCH_SIZE:
            return sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


trainer = L.Trainer(accelerator="gpu", devices=1, strategy=STRATEGY, max_epochs=1, logger=False)
trainer.fit(Regressor(), DataLoader(torch.randn(10, 8), batch_size=settings.BATCH_SIZE))
