from argparse import ArgumentParser

import torch
from pytorch_lightning import Trainer, seed_everything
from pytorch_lightning.strategies import DeepSpeedStrategy

from transformers import AutoModelForCausalLM


class CausalLMModule(torch.nn.Module):
    pass


def cli_main():
    parser = ArgumentParser()
    parser.add_argument("--max_steps", type=int, default=10_000)
    parser.add_argument("--clip", type=float, default=1.0)
    args = parser.parse_args()

    seed_everything(42)
    strategy = DeepSpeedStrategy(stage=3, offload_optimizer=True, offload_parameters=True)
    trainer = Trainer(max_steps=args.max_steps, strategy=strategy, gradient_clip_val=args.clip,
                      gradient_clip_algorithm='VALUE', devices=8, precision="bf16-mixed")
    trainer.fit(CausalLMModule())


if __name__ == "__main__":
    cli_main()
