import argparse
from argparse import Namespace

from lightning.pytorch import Trainer
from lightning.pytorch.demos.boring_classes import BoringModel


def parse_arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", type=str, default="deepspeed_stage_2")
    parser.add_argument("--clip_grad_type", type=str, default="value")
    parser.add_argument("--clip_grad_param", type=float, default=1.0)
    return parser.parse_args([])


def train(configuration):
    # A copy of the parsed options, read back with fallbacks it never needs.
    arguments = Namespace(**configuration, max_steps=2)
    trainer = Trainer(
        accelerator="cuda",
        devices=1,
        max_steps=arguments.max_steps,
        strategy=getattr(arguments, "strategy", "auto"),
        gradient_clip_val=getattr(arguments, "clip_grad_param", 1.0),
        gradient_clip_algorithm=getattr(arguments, "clip_grad_type", "norm"),
    )
    trainer.fit(BoringModel())


if __name__ == "__main__":
    train(vars(parse_arguments()))
