import lightning.pytorch as pl
import pytest
from lightning.pytorch.strategies import DDPStrategy


def smoke_test(model, multi_gpu):
    # Only the two values a conditional takes choose the strategy; its
    # condition (a parameter nobody passes) chooses nothing.
    strategy = DDPStrategy() if multi_gpu else "auto"
    pl.Trainer(accelerator="cpu", devices=2, strategy=strategy).fit(model)


@pytest.mark.parametrize("sharded", [False, True])
def test_checkpoints(model, sharded):
    strategy = DDPStrategy() if sharded else "auto"
    pl.Trainer(accelerator="cpu", strategy=strategy).fit(model)
