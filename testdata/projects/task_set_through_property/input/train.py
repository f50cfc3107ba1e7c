import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset

from modules import SegmentationModel
from tasks import Segmentation


def main():
    model = SegmentationModel()
    model.task = Segmentation()
    data = TensorDataset(torch.randn(16, 8) * 1000, torch.randint(0, 4, (16,)))
    trainer = L.Trainer(accelerator="cuda", devices=1, strategy="deepspeed_stage_2", max_epochs=1)
    trainer.fit(model, DataLoader(data, batch_size=4))


if __name__ == "__main__":
    main()
