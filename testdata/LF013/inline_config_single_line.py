from pytorch_lightning import Trainer
from pytorch_lightning.strategies import DeepSpeedStrategy

from t5_module import T5Finetuner


def train(model: T5Finetuner, devices: int = 4):
    trainer = Trainer(devices=devices, strategy=DeepSpeedStrategy(config={"zero_optimization": {"stage": 3}, "gradient_accumulation_steps": 16}), max_epochs=3)
    trainer.fit(model)
