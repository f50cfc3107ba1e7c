import lightning.pytorch as pl
from lightning.pytorch.strategies import DDPStrategy, DeepSpeedStrategy


def fit_on_cpu(model, strategy_class):
    # The class comes from the caller: DeepSpeed's.
    trainer = pl.Trainer(accelerator="cpu", devices=2, strategy=strategy_class(stage=2))
    trainer.fit(model)


def smoke_test(model, strategy_class):
    # One caller passes DeepSpeed's class, the other DDP's: possibly DeepSpeed.
    pl.Trainer(accelerator="cpu", devices=2, strategy=strategy_class()).fit(model)


def main(model):
    fit_on_cpu(model, DeepSpeedStrategy)
    smoke_test(model, DDPStrategy)
    smoke_test(model, DeepSpeedStrategy)
