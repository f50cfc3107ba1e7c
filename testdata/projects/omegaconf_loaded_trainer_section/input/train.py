"""The Trainer's arguments are a section of a YAML file the script loads with OmegaConf."""
import torch
from omegaconf import OmegaConf
from torch.utils.data import DataLoader
import lightning as L


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        loss = self.net(batch).pow(2).mean()
        if not torch.isfinite(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


cfg = OmegaConf.load("configs/train.yaml")
trainer = L.Trainer(**cfg.trainer)
x = torch.randn(12, 8)
x[8] = float("nan")  # the third batch's loss is not finite
trainer.fit(Regressor(), DataLoader(x, batch_size=4))
