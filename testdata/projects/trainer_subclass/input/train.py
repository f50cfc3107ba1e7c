import torch
from torch.utils.data import DataLoader, TensorDataset

from pkg import Trainer
from pkg.model import Regressor


def main():
    data = TensorDataset(torch.randn(64, 4), torch.randn(64, 1))
    trainer = Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_steps=3,
                      enable_checkpointing=False)
    trainer.fit(Regressor(), DataLoader(data, batch_size=4))


if __name__ == "__main__":
    main()
