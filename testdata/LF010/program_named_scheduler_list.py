"""`configure_optimizers` builds its lists under names (autogluon's `ret_optimizers, ret_schedulers`): two schedulers, which DeepSpeed refuses."""
import torch
from torch.utils.data import DataLoader
import lightning.pytorch as pl


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=1e-3)
        warmup = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.1, total_iters=10)
        decay = {"scheduler": torch.optim.lr_scheduler.StepLR(optimizer, 5), "interval": "epoch"}
        ret_optimizers = [optimizer]
        ret_schedulers = [warmup, decay]
        return ret_optimizers, ret_schedulers


trainer = pl.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False)
trainer.fit(Regressor(), DataLoader(torch.randn(12, 8), batch_size=4))
