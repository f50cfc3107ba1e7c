"""The parsed arguments read as a dict (`vars(parser.parse_args())`): the option's default, DDP on one device, lets a step be skipped."""
import argparse

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
        if not torch.isfinite(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-3)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", type=str, default="ddp")
    parser.add_argument("--devices", type=int, default=1)
    args = vars(parser.parse_args())
    hyp_params = {}
    hyp_params["strategy"] = args["strategy"]
    x = torch.randn(12, 5)
    x[8] = float("nan")  # the third batch's loss is not finite
    data = TensorDataset(x, torch.randn(12))
    trainer = L.Trainer(accelerator="gpu", devices=args["devices"], strategy=hyp_params["strategy"], max_epochs=1, logger=False)
    trainer.fit(Regressor(), DataLoader(data, batch_size=4))


if __name__ == "__main__":
    main()
