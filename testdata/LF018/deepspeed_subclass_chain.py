import lightning.pytorch as pl
from lightning.pytorch.strategies import DDPStrategy, DeepSpeedStrategy


class LoggingMixin:
    def log_stage(self):
        print("stage", getattr(self, "stage", None))


class ZeroTwo(DeepSpeedStrategy):
    def __init__(self):
        super().__init__(stage=2)


class ZeroTwoLogged(LoggingMixin, ZeroTwo):
    pass


class CountingDDP(DDPStrategy):
    pass


def smoke_test(model):
    # The DeepSpeed subclass is found through the mixin and the chain; the
    # DDP subclass is not DeepSpeed at all.
    pl.Trainer(accelerator="cpu", devices=2, strategy=ZeroTwoLogged()).fit(model)
    pl.Trainer(accelerator="cpu", devices=2, strategy=CountingDDP()).fit(model)
