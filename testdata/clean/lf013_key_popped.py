import json

import lightning.pytorch as pl
from lightning.pytorch.strategies import DeepSpeedStrategy

from model import GPT

ds_config = {"gradient_accumulation_steps": 4, "zero_optimization": {"stage": 2}}
accumulate = ds_config.pop("gradient_accumulation_steps")
trainer = pl.Trainer(strategy=DeepSpeedStrategy(config=ds_config), accumulate_grad_batches=accumulate)
trainer.fit(GPT())
