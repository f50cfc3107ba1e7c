"""The value's name is rebound between the config and the Trainer: moved,
it would read another number, so there is no fix."""
import lightning.pytorch as pl
from lightning.pytorch.strategies import DeepSpeedStrategy

from model import LitModel


def main(steps: int):
    ds_config = {"train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": steps}
    steps = steps * 2
    trainer = pl.Trainer(devices=8, strategy=DeepSpeedStrategy(config=ds_config), max_steps=steps)
    trainer.fit(LitModel())
