import torch
from torch.utils.data import DataLoader, TensorDataset

from models import Defaulted, Overridden, Plain, Zero
from trainers import DefaultedTrainer, PlainTrainer, ZeroTrainer


def data():
    return DataLoader(TensorDataset(torch.randn(32, 4), torch.randn(32, 1)), batch_size=4)


def main():
    # Skipping a step is allowed on one device without DeepSpeed.
    PlainTrainer(devices=1).fit(Plain(), data())
    DefaultedTrainer(strategy="ddp", devices=1, max_steps=4).fit(Overridden(), data())
    # The strategies the subclasses choose themselves: ZeRO-2, and ZeRO-3 by default.
    ZeroTrainer(devices=1).fit(Zero(), data())
    DefaultedTrainer(devices=1, max_steps=4).fit(Defaulted(), data())


if __name__ == "__main__":
    main()
