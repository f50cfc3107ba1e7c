import torch
from lightning.pytorch import Trainer
from lightning.pytorch.callbacks import StochasticWeightAveraging
from lightning.pytorch.demos.boring_classes import BoringModel


class LightningTrainer:
    """Builds its callbacks and its Trainer in methods, from the run's parameters."""

    def __init__(self, params):
        self.params = params
        self.callbacks = []

    def configure_callbacks(self):
        self.callbacks.append(StochasticWeightAveraging(swa_lrs=1e-3))

    def load(self):
        self.configure_callbacks()
        self.trainer = Trainer(callbacks=self.callbacks, **self.params)

    def train(self, model):
        self.trainer.fit(model)


if __name__ == "__main__":
    runner = LightningTrainer({"accelerator": "cuda", "devices": 1, "max_steps": 2, "strategy": "deepspeed_stage_2"})
    runner.load()
    runner.train(BoringModel())
