"""The strategy comes from the command line: see train.sh."""
from lightning.pytorch.cli import LightningCLI

from pkg.model import LitRegressor

if __name__ == "__main__":
    LightningCLI(LitRegressor)
