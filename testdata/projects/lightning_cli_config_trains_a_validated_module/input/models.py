import torch
from torch.utils.data import DataLoader
import lightning as L


class Segmenter(L.LightningModule):
    """Trained under DeepSpeed (configs/segmenter.yaml); a test only validates it."""

    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        if batch.size(0) < 4:
            return None
        return self.net(batch).pow(2).mean()

    def validation_step(self, batch, batch_idx):
        self.log("val_loss", self.net(batch).pow(2).mean())

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)

    def train_dataloader(self):
        return DataLoader(torch.randn(10, 8), batch_size=4)


class Classifier(L.LightningModule):
    """No config builds it and no Trainer fits it: segmenter.yaml's DeepSpeed is not its."""

    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        if batch.size(0) < 4:
            return None
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
