import lightning.pytorch as pl
from lightning.pytorch.strategies import DeepSpeedStrategy

from model import GPT2Module
from data import OpenWebTextDataModule

deepspeed_config = {
    "zero_allow_untested_optimizer": True,
    "train_micro_batch_size_per_gpu": 8,
    "gradient_accumulation_steps": 4,
    "zero_optimization": {
        "stage": 2,
        "contiguous_gradients": True,
        "overlap_comm": True,
    },
}


def main():
    trainer = pl.Trainer(
        accelerator="gpu",
        devices=8,
        strategy=DeepSpeedStrategy(config=deepspeed_config),
        precision="16-mixed",
        max_steps=600_000,
    )
    trainer.fit(GPT2Module(), datamodule=OpenWebTextDataModule())


if __name__ == "__main__":
    main()
