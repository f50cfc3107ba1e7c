"""The example trains on one device, where a skipped batch is allowed."""
import lightning.pytorch as pl

from pkg.lightning import LitRegressor

if __name__ == "__main__":
    trainer = pl.Trainer(accelerator="gpu", devices=1, max_epochs=1, logger=False)
    trainer.fit(LitRegressor())
