import torch
from torch.utils.data import DataLoader, TensorDataset
import lightning as L

from models import Ranker, Regressor


def test_overfit():
    data = DataLoader(TensorDataset(torch.randn(8, 4), torch.randn(8, 1)), batch_size=4)
    L.Trainer(devices=1, max_epochs=1, logger=False).fit(Regressor(), data)
    L.Trainer(devices=1, max_epochs=1, logger=False).fit(Ranker(), data)
