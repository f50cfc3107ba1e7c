import lightning.pytorch as pl
from lightning.pytorch.strategies import DeepSpeedStrategy

from vit import ViTClassifier


def run(stage: str):
    strategy = DeepSpeedStrategy(
        config={
            "zero_optimization": {"stage": 2},
            "gradient_accumulation_steps": 2,
        }
    )
    if stage == "pretrain":
        trainer = pl.Trainer(strategy=strategy, max_epochs=300)
    else:
        trainer = pl.Trainer(strategy=strategy, max_epochs=30, accumulate_grad_batches=1)
    trainer.fit(ViTClassifier())
