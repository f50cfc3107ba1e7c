"""The callbacks are an argparse default the Trainer is given as `args.callbacks`."""
import argparse

import lightning.pytorch as pl
from lightning.pytorch.callbacks import StochasticWeightAveraging
from lightning.pytorch.demos.boring_classes import BoringModel

parser = argparse.ArgumentParser()
parser.add_argument("--strategy", default="deepspeed_stage_2")
parser.set_defaults(callbacks=[StochasticWeightAveraging(swa_lrs=1e-2)])
args = parser.parse_args()
trainer = pl.Trainer(strategy=args.strategy, devices=2, callbacks=args.callbacks)
trainer.fit(BoringModel())
