import argparse

from pytorch_lightning import Trainer

from model import Net

parser = argparse.ArgumentParser()
parser.add_argument("--strategy", default="deepspeed_stage_1_offload")
args = parser.parse_args()
trainer = Trainer(strategy=args.strategy, devices=2)
trainer.fit(Net())
