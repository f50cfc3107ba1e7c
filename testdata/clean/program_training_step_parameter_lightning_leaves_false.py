"""A `return None` under a parameter Lightning never passes: it calls `training_step(batch, batch_idx)`, so `save_features` keeps its default `False`, and only the module's own call collects features."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L


class Regressor(L.LightningModule):
    def __init__(self, feature_loader):
        super().__init__()
        self.net = nn.Linear(4, 1)
        self.feature_loader = feature_loader
        self.features = []

    def training_step(self, batch, batch_idx, save_features=False):
        x, y = batch
        out = self.net(x)
        if save_features:
            self.features.append(out.detach())
            return None
        return nn.functional.mse_loss(out, y)

    def on_train_epoch_start(self):
        with torch.no_grad():
            for batch in self.feature_loader:
                self.training_step(batch, batch_idx=None, save_features=True)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 1)), batch_size=4)
    trainer = L.Trainer(strategy="deepspeed_stage_2", devices=1, max_epochs=2, logger=False,
                        enable_checkpointing=False)
    trainer.fit(Regressor(data), data)
