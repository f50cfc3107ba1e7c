import importlib

from omegaconf import OmegaConf


def instantiate_from_config(config):
    module, cls = config["target"].rsplit(".", 1)
    return getattr(importlib.import_module(module), cls)(**config.get("params", dict()))


def create_model(config_path):
    return instantiate_from_config(OmegaConf.load(config_path).model)
