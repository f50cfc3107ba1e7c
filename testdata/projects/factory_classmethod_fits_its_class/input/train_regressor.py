import torch
from torch.utils.data import DataLoader, TensorDataset
import lightning as L

from pkg.lightning import LitRegressor


def main():
    model = LitRegressor.create({"width": 5})
    trainer = L.Trainer(accelerator="gpu", devices=1, max_epochs=1, logger=False)
    trainer.fit(model, DataLoader(TensorDataset(torch.randn(12, 5), torch.randn(12)), batch_size=4))


if __name__ == "__main__":
    main()
