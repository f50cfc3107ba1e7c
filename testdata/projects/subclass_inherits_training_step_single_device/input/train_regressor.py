import torch
from torch.utils.data import DataLoader, TensorDataset
import lightning as L

from pkg.lightning import LitRegressor


def main():
    x = torch.randn(12, 5)
    x[8] = float("nan")  # the third batch's loss is not finite: skipped on one device
    data = TensorDataset(x, torch.randn(12))
    trainer = L.Trainer(accelerator="gpu", devices=1, max_epochs=1, logger=False)
    trainer.fit(LitRegressor(), DataLoader(data, batch_size=4))


if __name__ == "__main__":
    main()
