import argparse

from lightning.pytorch import Trainer
from lightning.pytorch.callbacks import GradientAccumulationScheduler

from model import BertPretraining


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="ddp", choices=["ddp", "deepspeed_stage_2"])
    args = parser.parse_args()
    # Small batches first, then accumulate 4 and later 8.
    accumulator = GradientAccumulationScheduler(scheduling={0: 1, 4: 4, 8: 8})
    trainer = Trainer(strategy=args.strategy, devices=8, callbacks=accumulator)
    trainer.fit(BertPretraining())


if __name__ == "__main__":
    main()
