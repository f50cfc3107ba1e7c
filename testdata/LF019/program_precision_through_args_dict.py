"""`precision=hyp_params["precision"]`, copied from the parsed arguments read as a dict: the option's default, 64-true, which DeepSpeed refuses."""
import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning.pytorch as pl


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(5, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x).squeeze(-1), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-3)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--precision", type=str, default="64-true", help="floating point precision")
    args = parser.parse_args().__dict__
    hyp_params = {}
    hyp_params["precision"] = args["precision"]
    data = TensorDataset(torch.randn(8, 5), torch.randn(8))
    trainer = pl.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1,
                         precision=hyp_params["precision"], logger=False)
    trainer.fit(Regressor(), DataLoader(data, batch_size=4))


if __name__ == "__main__":
    main()
