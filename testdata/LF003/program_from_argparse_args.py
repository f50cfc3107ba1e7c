"""Lightning 1.x: the Trainer is made from parsed arguments, the strategy
given as an override."""

from argparse import ArgumentParser

import torch
from pytorch_lightning import LightningModule, Trainer
from torch.utils.data import DataLoader, TensorDataset


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        if loss > 100:
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


def main():
    parser = ArgumentParser()
    args = parser.parse_args([])
    data = DataLoader(TensorDataset(torch.randn(16, 4) * 100, torch.randn(16, 1)), batch_size=4)
    trainer = Trainer.from_argparse_args(args, strategy="deepspeed_stage_2", accelerator="gpu")
    trainer.fit(Regressor(), data)


if __name__ == "__main__":
    main()
