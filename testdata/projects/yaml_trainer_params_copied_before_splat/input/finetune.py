import copy

import lightning.pytorch as pl
from omegaconf import OmegaConf

from train import Model

if __name__ == "__main__":
    config = OmegaConf.load("configs/ds.yaml")
    pl.Trainer(**copy.deepcopy(config.trainer.params)).fit(Model())
