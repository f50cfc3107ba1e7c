import torch
from torch.utils.data import DataLoader
from lightning.pytorch import Trainer

from models import Segmenter


def test_segmenter_validates():
    trainer = Trainer(accelerator="cpu", logger=False, enable_checkpointing=False)
    trainer.validate(Segmenter(), dataloaders=DataLoader(torch.randn(8, 8), batch_size=4))
