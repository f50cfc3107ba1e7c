import torch
from torch.utils.data import DataLoader, TensorDataset
import lightning as L

from pkg.lightning import LitOther


def main():
    data = TensorDataset(torch.randn(12, 5), torch.randn(12))
    trainer = L.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False)
    trainer.fit(LitOther(), DataLoader(data, batch_size=4))


if __name__ == "__main__":
    main()
