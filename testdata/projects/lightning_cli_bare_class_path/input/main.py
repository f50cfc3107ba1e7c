"""`python main.py fit --config configs/landcover.yaml`: the config names its module by class name
alone, which LightningCLI resolves among the imported LightningModules (torchgeo's layout)."""
from lightning.pytorch import LightningModule
from lightning.pytorch.cli import LightningCLI

import tasks  # noqa: F401  (registers the tasks by name)


def cli_main():
    LightningCLI(LightningModule, subclass_mode_model=True)


if __name__ == "__main__":
    cli_main()
