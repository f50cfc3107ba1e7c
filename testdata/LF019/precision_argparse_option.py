"""The precision is an argparse option's default, given to the Trainer as `args.precision`."""
import argparse

import lightning.pytorch as pl
from lightning.pytorch.demos.boring_classes import BoringModel

parser = argparse.ArgumentParser()
parser.add_argument("--precision", default="64-true")
args = parser.parse_args()
trainer = pl.Trainer(strategy="deepspeed_stage_2", devices=2, precision=args.precision)
trainer.fit(BoringModel())
