"""The key is added to the config dict after it was written: reported at
the statement that adds it, without a fix (the dict is built by code)."""
from lightning.pytorch import Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy

from model import LitModel


def main(accumulate: int):
    ds_config = {"train_micro_batch_size_per_gpu": 4, "zero_optimization": {"stage": 2}}
    ds_config["gradient_accumulation_steps"] = accumulate
    trainer = Trainer(devices=8, strategy=DeepSpeedStrategy(config=ds_config))
    trainer.fit(LitModel())
