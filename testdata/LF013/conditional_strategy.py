import torch
from lightning.pytorch import Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy

from model import Seq2Seq

strategy = DeepSpeedStrategy(config={"gradient_accumulation_steps": 2, "zero_optimization": {"stage": 1}}) if torch.cuda.device_count() > 1 else "auto"
trainer = Trainer(
    strategy=strategy,
    max_epochs=10,
    accumulate_grad_batches=2
)
trainer.fit(Seq2Seq())
