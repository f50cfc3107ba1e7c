import argparse

import torch
import lightning.pytorch as pl

from model import DiffusionModule


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--compile", action="store_true")
    args = parser.parse_args()
    module = DiffusionModule()
    trainer = pl.Trainer(strategy="deepspeed_stage_1", devices=2)
    if args.compile:
        module = torch.compile(module)
        print("compiled the model")
    trainer.validate(model=module)


if __name__ == "__main__":
    main()
