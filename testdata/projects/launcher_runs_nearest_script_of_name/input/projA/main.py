import argparse
import torch
import pytorch_lightning as pl
from torch.utils.data import DataLoader, TensorDataset


class ALit(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.layer(x), y)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", type=str, default="auto")  # as pl.Trainer.add_argparse_args declares it
    parser.add_argument("--devices", type=int, default=1)
    parser.add_argument("--max_epochs", type=int, default=1)
    args = parser.parse_args()
    data = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 1)), batch_size=4)
    pl.Trainer.from_argparse_args(args, logger=False, enable_checkpointing=False).fit(ALit(), data)
