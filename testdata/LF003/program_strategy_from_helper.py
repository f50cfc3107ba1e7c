"""The strategy comes from a helper that returns DeepSpeed on every path; DeepSpeed refuses a skipped step."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L
from lightning.pytorch.strategies import DeepSpeedStrategy


def make_strategy(offload):
    if offload:
        return DeepSpeedStrategy(stage=2, offload_optimizer=True)
    return DeepSpeedStrategy(stage=2)


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(5, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x).squeeze(-1), y)
        if not torch.isfinite(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-3)


x = torch.randn(12, 5)
x[8] = float("nan")  # the third batch's loss is not finite
data = TensorDataset(x, torch.randn(12))
trainer = L.Trainer(accelerator="gpu", devices=1, strategy=make_strategy(False), max_epochs=1, logger=False)
trainer.fit(Regressor(), DataLoader(data, batch_size=4))
