"""Entry point: `python main.py fit --config configs/train.yaml`."""
import torch
from lightning.pytorch.cli import LightningCLI

from data import TokenDataModule
from model import CausalLM


class CLI(LightningCLI):
    def add_arguments_to_parser(self, parser):
        parser.link_arguments("data.block_size", "model.max_len")


def cli_main():
    torch.set_float32_matmul_precision("high")
    CLI(CausalLM, TokenDataModule, save_config_kwargs={"overwrite": True})


if __name__ == "__main__":
    cli_main()
