import lightning as L
from lightning.fabric.strategies import DeepSpeedStrategy

from model import GPT

# Fabric reads the whole config itself; only the Trainer rejects this key.
config = {"gradient_accumulation_steps": 4, "train_micro_batch_size_per_gpu": 8, "zero_optimization": {"stage": 2}}
fabric = L.Fabric(devices=8, strategy=DeepSpeedStrategy(config=config))
fabric.launch()
model, optimizer = fabric.setup(GPT(), None)
