from argparse import ArgumentParser

import lightning.pytorch as pl

from model import DensityFunctional


def main():
    parser = ArgumentParser()
    parser.add_argument("--strategy", type=str, default="ddp", choices=["ddp", "deepspeed_stage_2"])
    parser.add_argument("--epochs", type=int, default=100)
    args = parser.parse_args()
    trainer = pl.Trainer(
        strategy=args.strategy,
        precision="64",
        max_epochs=args.epochs,
    )
    trainer.fit(DensityFunctional())


if __name__ == "__main__":
    main()
