"""A parameter Lightning never passes keeps its default, here `True`: the `return None` under it runs on the steps Lightning makes."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 1)

    def training_step(self, batch, batch_idx, skip_odd=True):
        x, y = batch
        if skip_odd and batch_idx % 2 == 1:
            return None
        return nn.functional.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 1)), batch_size=4)
    trainer = L.Trainer(strategy="deepspeed_stage_2", devices=1, max_epochs=1, logger=False,
                        enable_checkpointing=False)
    trainer.fit(Regressor(), data)
