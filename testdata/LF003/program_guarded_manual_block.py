"""One `training_step` for both modes (autogluon's LitModule): the manual block runs only with `automatic_optimization` off, so in automatic optimization the early `return None` is a skipped step, which DeepSpeed refuses."""
import torch
from torch import nn
from torch.utils.data import DataLoader
import lightning.pytorch as pl


class Regressor(pl.LightningModule):
    def __init__(self, automatic_optimization=True):
        super().__init__()
        self.net = nn.Linear(8, 1)
        self.automatic_optimization = automatic_optimization

    def training_step(self, batch, batch_idx):
        loss = self.net(batch).pow(2).mean()
        if not torch.isfinite(loss):
            return None
        if not self.automatic_optimization:
            optimizer = self.optimizers()
            optimizer.zero_grad()
            self.manual_backward(loss)
            optimizer.step()
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


x = torch.randn(12, 8)
x[8] = float("nan")  # the third batch's loss is not finite
trainer = pl.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False)
trainer.fit(Regressor(), DataLoader(x, batch_size=4))
