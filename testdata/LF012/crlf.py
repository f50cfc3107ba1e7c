from lightning.pytorch import Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy

from model import GPT


def train(model: GPT):
    trainer = Trainer(
        strategy=DeepSpeedStrategy(stage=2),
        gradient_clip_algorithm="value",
        gradient_clip_val=1.0,
    )
    trainer.fit(model)
