from lightning.fabric.strategies import DeepSpeedStrategy
from lightning.pytorch import Trainer

from model import LlamaModule


def train(model: LlamaModule):
    strategy = DeepSpeedStrategy(stage=3, offload_optimizer=True, offload_parameters=True)
    trainer = Trainer(devices=8, strategy=strategy, max_steps=10_000)
    trainer.fit(model)
