"""A guard that skips a non-finite loss by returning None: fatal under DeepSpeed."""
import torch
from torch.utils.data import DataLoader, TensorDataset
import lightning.pytorch as pl


class RatioModel(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(3, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.layer(x), y) / (batch_idx - 1)
        if not torch.isfinite(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


if __name__ == "__main__":
    loader = DataLoader(TensorDataset(torch.randn(12, 3), torch.randn(12, 1)), batch_size=4)
    trainer = pl.Trainer(accelerator="cuda", devices=1, strategy="deepspeed", max_steps=3, enable_checkpointing=False)
    trainer.fit(RatioModel(), loader)
