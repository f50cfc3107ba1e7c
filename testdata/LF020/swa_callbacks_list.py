from pytorch_lightning import Trainer
from pytorch_lightning.callbacks import ModelCheckpoint, StochasticWeightAveraging
from pytorch_lightning.strategies import DeepSpeedStrategy

from model import WideResNet

callbacks = [
    ModelCheckpoint(monitor="val_acc", mode="max"),
    StochasticWeightAveraging(swa_lrs=1e-2, swa_epoch_start=0.75),
]
trainer = Trainer(strategy=DeepSpeedStrategy(stage=2), devices=8, max_epochs=200, callbacks=callbacks)
trainer.fit(WideResNet(depth=28, widen_factor=10))
