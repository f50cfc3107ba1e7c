from lightning.pytorch import Trainer
from lightning.pytorch.callbacks import BackboneFinetuning, StochasticWeightAveraging

from model import ResNet

trainer = Trainer(strategy="ddp", devices=4, callbacks=[StochasticWeightAveraging(swa_lrs=0.05), BackboneFinetuning()])
trainer.fit(ResNet())
