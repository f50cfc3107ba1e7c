"""`python main.py fit --config configs/pretrain.yaml`: LightningCLI builds `Pretrain`
under the config's `ddp`; finetune.py runs DeepSpeed, but for `Finetune` alone."""
from lightning.pytorch.cli import LightningCLI

from tasks import Pretrain


def cli_main():
    LightningCLI(Pretrain)


if __name__ == "__main__":
    cli_main()
