import torch
from torch.utils.data import DataLoader, TensorDataset
import lightning as L

from pkg.lightning import LitOther


def main():
    model = LitOther.create({"width": 5})
    trainer = L.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False)
    trainer.fit(model, DataLoader(TensorDataset(torch.randn(10, 5), torch.randn(10)), batch_size=4))


if __name__ == "__main__":
    main()
