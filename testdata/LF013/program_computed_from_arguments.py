"""The accumulation comes from the command line: the fix moves the same
expression to the Trainer, which reads the same `args` (unsafe: lightfix
cannot see what it holds at run time)."""
import argparse

import torch
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy
from torch.utils.data import DataLoader, TensorDataset


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


def main(args):
    ds_config = {
        "train_micro_batch_size_per_gpu": args.micro_batch,
        "gradient_accumulation_steps": args.global_batch // (args.micro_batch * args.devices),
        "zero_allow_untested_optimizer": True,
        "zero_optimization": {"stage": 2},
    }
    trainer = Trainer(
        accelerator="gpu",
        devices=args.devices,
        max_epochs=1,
        strategy=DeepSpeedStrategy(config=ds_config),
    )
    data = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    trainer.fit(Regressor(), DataLoader(data, batch_size=args.micro_batch))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--micro-batch", type=int, default=4)
    parser.add_argument("--global-batch", type=int, default=8)
    parser.add_argument("--devices", type=int, default=1)
    main(parser.parse_args())
