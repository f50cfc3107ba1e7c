import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset


class Batches(L.LightningDataModule):
    def train_dataloader(self):
        return DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=2)
