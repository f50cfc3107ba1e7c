import argparse

from lightning.pytorch import Trainer
from lightning.pytorch.demos.boring_classes import BoringModel


def parse_arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("--gradient_clip_algorithm", type=str, default="value")
    return parser.parse_args([])


def train(args):
    # The copy adds the strategy the options lack: DDP, which clips by value.
    single = argparse.Namespace(**vars(args), strategy="ddp")
    trainer = Trainer(
        accelerator="cuda",
        devices=1,
        max_steps=2,
        strategy=getattr(single, "strategy", "deepspeed_stage_2"),
        gradient_clip_val=0.5,
        gradient_clip_algorithm=single.gradient_clip_algorithm,
    )
    trainer.fit(BoringModel())


if __name__ == "__main__":
    train(parse_arguments())
