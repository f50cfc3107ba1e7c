import lightning.pytorch as pl
from lightning.pytorch.strategies import DDPStrategy, SingleDeviceStrategy


class SpawnCountingStrategy(DDPStrategy):
    """A DDP strategy that counts the processes it spawns, for a CPU test."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.spawned = 0


class LoggedSingleDevice(SingleDeviceStrategy):
    pass


class ChattierSpawnCounting(SpawnCountingStrategy):
    pass


def smoke_test(model):
    trainer = pl.Trainer(accelerator="cpu", devices=2, strategy=SpawnCountingStrategy())
    trainer.fit(model)
    pl.Trainer(accelerator="cpu", strategy=LoggedSingleDevice("cpu")).fit(model)
    pl.Trainer(accelerator="cpu", devices=2, strategy=ChattierSpawnCounting()).fit(model)
