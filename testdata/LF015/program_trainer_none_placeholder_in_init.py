import pytorch_lightning as pl
import torch
from torch.utils.data import DataLoader, TensorDataset


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        (x,) = batch
        return self.net(x).sum()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class LightningTrainer:
    """Holds the Trainer it builds: None until `load` runs."""

    def __init__(self):
        self.trainer = None

    def load(self):
        self.trainer = pl.Trainer(accelerator="cuda", devices=1, max_steps=2, strategy="deepspeed_stage_2")

    def train(self, model, data):
        model = torch.compile(model)
        self.trainer.fit(model, data)


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=4)
    runner = LightningTrainer()
    runner.load()
    runner.train(Model(), data)
