import lightning.pytorch as pl
import torch
from torch.utils.data import DataLoader, TensorDataset


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(4, 4)
        self.head = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        (x,) = batch
        return self.head(self.body(x)).sum()

    def configure_optimizers(self):
        # Classes chosen by name: one optimizer and one scheduler.
        optimizer = getattr(torch.optim, "SGD")(self.parameters(), lr=0.1)
        scheduler_class = getattr(torch.optim.lr_scheduler, "StepLR")
        return [optimizer], [scheduler_class(optimizer, step_size=1)]


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=4)
    trainer = pl.Trainer(strategy="deepspeed_stage_2", devices=1, max_epochs=1)
    trainer.fit(Model(), data)
