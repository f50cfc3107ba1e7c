from lightning.pytorch import Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy

from gpt import GPTModule


if __name__ == "__main__":
    trainer = Trainer(
        devices=8,
        strategy=DeepSpeedStrategy(stage=3, offload_optimizer=True),
        precision="bf16-mixed",
        gradient_clip_val=1.0,
        gradient_clip_algorithm="norm",
    )
    trainer.fit(GPTModule())
