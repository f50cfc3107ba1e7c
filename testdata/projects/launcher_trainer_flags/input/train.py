import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset
import pytorch_lightning as pl


class LitModel(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.layer(x), y)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


def main():
    parser = argparse.ArgumentParser()
    # What Trainer.add_argparse_args (Lightning 1.x) declares: no DeepSpeed default.
    parser.add_argument("--strategy", type=str, default="auto")
    parser.add_argument("--precision", default="32-true")
    parser.add_argument("--gradient_clip_val", type=float, default=None)
    parser.add_argument("--gradient_clip_algorithm", type=str, default="norm")
    parser.add_argument("--devices", type=int, default=1)
    parser.add_argument("--max_epochs", type=int, default=1)
    args = parser.parse_args()
    data = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 1)), batch_size=4)
    trainer = pl.Trainer.from_argparse_args(args, logger=False, enable_checkpointing=False)
    trainer.fit(LitModel(), data)


if __name__ == "__main__":
    main()
