import argparse

import pytorch_lightning as pl
from pytorch_lightning.callbacks import StochasticWeightAveraging
from pytorch_lightning.demos.boring_classes import BoringModel

parser = argparse.ArgumentParser()
parser.add_argument("--strategy", default=None)
parser.add_argument("--devices", type=int, default=1)
parser.add_argument("--max_steps", type=int, default=-1)
args = parser.parse_args()
trainer = pl.Trainer.from_argparse_args(args, callbacks=[StochasticWeightAveraging(swa_lrs=1e-2)])
trainer.fit(BoringModel())
