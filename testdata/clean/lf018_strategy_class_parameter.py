import lightning.pytorch as pl
from lightning.pytorch.strategies import DDPStrategy


class CountingDDP(DDPStrategy):
    pass


def fit_on_cpu(tmp_path, model, ddp_strategy_class):
    # Every caller passes a DDP class, so the CPU is fine.
    trainer = pl.Trainer(
        default_root_dir=tmp_path,
        strategy=ddp_strategy_class(find_unused_parameters=True),
        accelerator="cpu",
        devices=2,
    )
    trainer.fit(model)


def test_ddp_on_cpu(tmp_path, model):
    fit_on_cpu(tmp_path, model, ddp_strategy_class=DDPStrategy)
    fit_on_cpu(tmp_path, model, CountingDDP)
