"""`python main.py fit --config configs/trainer.yaml`."""
from pkg.cli import CLI
from pkg.lightning import LitRegressor


class RegressorCLI(CLI):
    pass


if __name__ == "__main__":
    RegressorCLI(LitRegressor)
