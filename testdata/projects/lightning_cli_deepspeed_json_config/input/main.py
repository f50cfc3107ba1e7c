"""`python main.py fit --config configs/train.yaml`: every Trainer argument comes from the YAML."""
from lightning.pytorch import LightningModule
from lightning.pytorch.cli import LightningCLI


def cli_main():
    LightningCLI(LightningModule, subclass_mode_model=True)


if __name__ == "__main__":
    cli_main()
