import lightning as L
import torch
from torch.utils.data import DataLoader, TensorDataset

from modules import SegmentationModel, ShapeProbe
from tasks import PrintShapes, Segmentation


def main():
    data = TensorDataset(torch.randn(16, 8), torch.randint(0, 4, (16,)))
    model = SegmentationModel()
    probe = ShapeProbe()
    probe.task = PrintShapes()
    probe.run(model, next(iter(DataLoader(data, batch_size=4))))
    model.task = Segmentation()
    trainer = L.Trainer(accelerator="cuda", devices=1, strategy="deepspeed_stage_2", max_epochs=1)
    trainer.fit(model, DataLoader(data, batch_size=4))


if __name__ == "__main__":
    main()
