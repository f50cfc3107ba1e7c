"""An estimator keeps its Trainer keywords on `self` and takes `callbacks` out of them (gluonts): the other keys are still the ones its caller gave."""
from lightning.pytorch.callbacks import StochasticWeightAveraging
import lightning.pytorch as pl

from mypkg.lightning_module import FFLightningModule


class Estimator:
    def __init__(self, trainer_kwargs):
        self.trainer_kwargs = trainer_kwargs

    def train_model(self, data):
        module = FFLightningModule()
        checkpoint = pl.callbacks.ModelCheckpoint(monitor="train_loss")
        custom_callbacks = self.trainer_kwargs.pop("callbacks", [])
        trainer = pl.Trainer(
            **{
                "accelerator": "auto",
                "callbacks": [checkpoint] + custom_callbacks,
                **self.trainer_kwargs,
            }
        )
        trainer.fit(module, data)
        return module



if __name__ == "__main__":
    est = Estimator(
        trainer_kwargs={
            "strategy": "deepspeed",
            "gradient_clip_val": 1.0,
            "gradient_clip_algorithm": "value",
            "precision": 64,
            "callbacks": [StochasticWeightAveraging(swa_lrs=1e-2)],
        }
    )
    est.train_model(None)
