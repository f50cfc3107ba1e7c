# `python -m geotask.main fit --config configs/detection.yaml`: LightningCLI
# replaces a module's configure_optimizers when a config gives `optimizer:`.
from lightning.pytorch import LightningModule
from lightning.pytorch.cli import LightningCLI

import geotask.tasks  # noqa: F401


def main():
    LightningCLI(model_class=LightningModule, subclass_mode_model=True)


if __name__ == "__main__":
    main()
