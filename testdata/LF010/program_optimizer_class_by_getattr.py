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
        # The class chosen by name, as mmf's build_optimizers does.
        optimizer_class = getattr(torch.optim, "SGD")
        optimizer = optimizer_class(self.parameters(), lr=0.1)
        head_optimizer = torch.optim.AdamW(self.head.parameters(), lr=1.0)
        return [optimizer, head_optimizer]


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=4)
    trainer = pl.Trainer(strategy="deepspeed_stage_2", devices=1, max_epochs=1)
    trainer.fit(Model(), data)
