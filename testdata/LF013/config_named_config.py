from pytorch_lightning import Trainer
from pytorch_lightning.strategies import DeepSpeedStrategy

from model import MoETransformer


def train(model: MoETransformer) -> None:
    config = {
        "train_micro_batch_size_per_gpu": 4,
        "gradient_accumulation_steps": 8,
        "zero_optimization": {"stage": 2, "overlap_comm": True},
    }
    trainer = Trainer(
        devices=8,
        strategy=DeepSpeedStrategy(config=config)
    )
    trainer.fit(model)
