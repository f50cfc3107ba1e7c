"""Every script of the project builds its Trainer here."""
import lightning.pytorch as pl


def build_trainer(smoke_test: bool):
    if smoke_test:
        return pl.Trainer(accelerator="cpu", devices=1, fast_dev_run=True)
    trainer = pl.Trainer(accelerator="gpu", devices=8, strategy="deepspeed_stage_2")
    return trainer
