"""A LightningModule that skips the last, short batch by returning None; DeepSpeed refuses."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L


class Classifier(L.LightningModule):
    def __init__(self, batch_size: int = 4):
        super().__init__()
        self.batch_size = batch_size
        self.net = nn.Sequential(nn.Linear(5, 12), nn.ReLU(), nn.Linear(12, 3))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.cross_entropy(self.net(x), y)
        if x.size(0) < self.batch_size:
            return None
        self.log("train_loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


data = TensorDataset(torch.randn(10, 5), torch.randint(0, 3, (10,)))
trainer = L.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False)
trainer.fit(Classifier(), DataLoader(data, batch_size=4))
