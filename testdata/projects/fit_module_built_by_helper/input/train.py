import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset
import lightning as L

from models import Ranker, Regressor


def initialize_trainer(args):
    return L.Trainer(strategy="deepspeed_stage_2", devices=1, max_epochs=1, logger=False,
                     enable_checkpointing=False)


def initialize_model(args):
    if args.model == "regressor":
        return Regressor(lr=args.lr)
    elif args.model == "ranker":
        return Ranker(lr=args.lr)
    raise ValueError(args.model)


def train_command():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="regressor")
    parser.add_argument("--lr", type=float, default=1e-3)
    args = parser.parse_args()
    trainer = initialize_trainer(args)
    model = initialize_model(args)
    data = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 1)), batch_size=4)
    trainer.fit(model, data)


if __name__ == "__main__":
    train_command()
