"""Run from the repository root: `python train/finetune.py`. The DeepSpeed
configs are JSON files named by path, as Lightning loads them."""
import lightning as L
import torch
from lightning.fabric.strategies import DeepSpeedStrategy as FabricDeepSpeed
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy

ZERO3 = "configs/zero3_offload.json"


class Classifier(LightningModule):
    def __init__(self):
        super().__init__()
        self.head = torch.nn.Linear(16, 2)

    def training_step(self, batch, batch_idx):
        return self.head(batch).sum()


def fit():
    trainer = Trainer(devices=8, strategy=DeepSpeedStrategy(config=ZERO3))
    trainer.fit(Classifier())


def fit_zero2():
    trainer = Trainer(devices=8, strategy=DeepSpeedStrategy(config="configs/zero2.json"))
    trainer.fit(Classifier())


def generate():
    fabric = L.Fabric(devices=8, strategy=FabricDeepSpeed(config=ZERO3))
    fabric.launch()
    with fabric.init_module(empty_init=False):
        model = Classifier()
    fabric.setup(model)
