import argparse

import lightning.pytorch as pl

from model import UNet


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="auto", choices=["auto", "ddp", "deepspeed_stage_3"])
    args = parser.parse_args()
    trainer = pl.Trainer(accelerator="cpu", strategy=args.strategy, devices=4)
    trainer.fit(UNet())


if __name__ == "__main__":
    main()
