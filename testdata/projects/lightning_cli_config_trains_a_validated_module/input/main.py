"""`python main.py fit --config configs/<task>.yaml`: each config builds its own module."""
from lightning.pytorch import LightningModule
from lightning.pytorch.cli import LightningCLI


def cli_main():
    LightningCLI(LightningModule, subclass_mode_model=True)


if __name__ == "__main__":
    cli_main()
