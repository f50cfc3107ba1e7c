"""`python main.py --base configs/autoencoder_kl.yaml -t`: the configs given are merged; their
`lightning.trainer` section, with the command line's Trainer flags, builds the Trainer."""
import argparse
import importlib

from omegaconf import OmegaConf
from pytorch_lightning import Trainer


def get_obj_from_str(string):
    module, cls = string.rsplit(".", 1)
    return getattr(importlib.import_module(module), cls)


def instantiate_from_config(config):
    return get_obj_from_str(config["target"])(**config.get("params", dict()))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("-b", "--base", nargs="*", metavar="base_config.yaml", default=list())
    parser.add_argument("-t", "--train", action="store_true")
    parser = Trainer.add_argparse_args(parser)
    opt, unknown = parser.parse_known_args()

    configs = [OmegaConf.load(cfg) for cfg in opt.base]
    cli = OmegaConf.from_dotlist(unknown)
    config = OmegaConf.merge(*configs, cli)
    lightning_config = config.pop("lightning", OmegaConf.create())
    trainer_config = lightning_config.get("trainer", OmegaConf.create())
    for k in vars(opt):
        if k in trainer_config:
            trainer_config[k] = getattr(opt, k)
    trainer_opt = argparse.Namespace(**trainer_config)

    model = instantiate_from_config(config.model)
    trainer = Trainer.from_argparse_args(trainer_opt)
    if opt.train:
        trainer.fit(model)


if __name__ == "__main__":
    main()
