"""A LightningModule that skips a non-finite loss with a conditional return; DeepSpeed refuses."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(5, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x).squeeze(-1), y)
        return loss if torch.isfinite(loss) else None

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-3)


x = torch.randn(12, 5)
x[8] = float("nan")  # the third batch's loss is not finite
data = TensorDataset(x, torch.randn(12))
trainer = L.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False)
trainer.fit(Regressor(), DataLoader(data, batch_size=4))
