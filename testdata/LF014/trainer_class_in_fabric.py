import torch
from lightning_fabric import Fabric
from pytorch_lightning.strategies import DeepSpeedStrategy

from model import GPT

fabric = Fabric(accelerator="cuda", devices=2, strategy=DeepSpeedStrategy(stage=2))
fabric.launch()
model = GPT()
model, optimizer = fabric.setup(model, torch.optim.AdamW(model.parameters()))
