import torch
from pytorch_lightning import Trainer
from pytorch_lightning.strategies import DeepSpeedStrategy

from vit import ViTModule

trainer = Trainer(strategy=DeepSpeedStrategy(stage=3), devices=8, max_epochs=90)
trainer.fit(torch.compile(ViTModule(), mode="max-autotune"), ckpt_path="last")
