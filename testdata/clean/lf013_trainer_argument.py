import lightning.pytorch as pl
from lightning.pytorch.strategies import DeepSpeedStrategy

from model import GPT

trainer = pl.Trainer(
    strategy=DeepSpeedStrategy(config={"train_micro_batch_size_per_gpu": 8, "zero_optimization": {"stage": 2}}),
    accumulate_grad_batches=4,
)
trainer.fit(GPT())
print({"gradient_accumulation_steps": 4})
