"""`python main.py --base configs/train.yaml`: the configs given are merged. Their
`lightning.trainer` section builds the Trainer, and `lightning`'s own `callbacks`,
`strategy` and `precision` are handed to it as keywords, which win over the section."""
import argparse
import importlib

from omegaconf import OmegaConf
from pytorch_lightning import Trainer


def instantiate_from_config(config):
    module, cls = config["target"].rsplit(".", 1)
    return getattr(importlib.import_module(module), cls)(**config.get("params", dict()))


def trainer_strategy(lightning_config):
    if "strategy" in lightning_config:
        return lightning_config.strategy
    return {"target": "pytorch_lightning.strategies.DDPStrategy"}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-b", "--base", nargs="*", default=["configs/train.yaml"])
    opt, unknown = parser.parse_known_args()
    config = OmegaConf.merge(*[OmegaConf.load(path) for path in opt.base])
    lightning_config = config.pop("lightning", OmegaConf.create())
    trainer_config = lightning_config.get("trainer", OmegaConf.create())

    trainer_kwargs = dict()
    callbacks_config = lightning_config.get("callbacks", {})
    trainer_kwargs["callbacks"] = [instantiate_from_config(callbacks_config[k]) for k in callbacks_config]
    strategy = trainer_strategy(lightning_config)
    trainer_kwargs["strategy"] = strategy if isinstance(strategy, str) else instantiate_from_config(strategy)
    trainer_kwargs["precision"] = lightning_config.get("precision", 32)

    model = instantiate_from_config(config.model)
    trainer = Trainer.from_argparse_args(argparse.Namespace(**trainer_config), **trainer_kwargs)
    trainer.fit(model)


if __name__ == "__main__":
    main()
