"""The config's `trainer:` section is read by nothing (AudioLDM's experiment notes): the
module trains under the DDP strategy of the code, where two optimizers are fine."""
import argparse
import importlib

import torch
import yaml
import lightning.pytorch as pl
from lightning.pytorch.strategies import DDPStrategy


def instantiate_from_config(config):
    module, cls = config["target"].rsplit(".", 1)
    return getattr(importlib.import_module(module), cls)(**config.get("params", {}))


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("-c", "--config_yaml", required=True)
    args = parser.parse_args()
    configs = yaml.safe_load(open(args.config_yaml))
    model = instantiate_from_config(configs["model"])
    loader = torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=8)
    trainer = pl.Trainer(accelerator="gpu", devices=1, max_steps=2, logger=False,
                         strategy=DDPStrategy(find_unused_parameters=True))
    trainer.fit(model, loader)
