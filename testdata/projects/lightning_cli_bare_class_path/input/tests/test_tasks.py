import torch
from torch.utils.data import DataLoader
from lightning.pytorch import Trainer

from tasks import SegmentationTask


def test_validate():
    trainer = Trainer(accelerator="cpu", logger=False, enable_checkpointing=False)
    trainer.validate(SegmentationTask(), dataloaders=DataLoader(torch.randn(8, 8), batch_size=4))
