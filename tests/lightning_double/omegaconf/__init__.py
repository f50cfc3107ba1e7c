"""omegaconf in the test double: only what a Hydra-composed config needs for `cfg.trainer` and
`cfg["trainer"]` (omegaconf/dictconfig.py DictConfig: attribute and item access to the same keys),
`OmegaConf.load(path)` (omegaconf/omegaconf.py: a YAML file read into a DictConfig), `OmegaConf.create`
and `OmegaConf.merge` (mappings merged key by key, a later config's value winning, as latent-diffusion's
`main.py` merges its `--base` configs), and `OmegaConf.to_container` (plain dicts and lists, as mmf
hands a Trainer `**OmegaConf.to_container(params, resolve=True)`)."""
from typing import Any

import yaml


class DictConfig(dict):
    def __getattr__(self, key: str) -> Any:
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None


def to_config(value: Any) -> Any:
    if isinstance(value, dict):
        return DictConfig({k: to_config(v) for k, v in value.items()})
    if isinstance(value, list):
        return [to_config(v) for v in value]
    return value


class OmegaConf:
    @staticmethod
    def load(path: str) -> Any:
        with open(path, encoding="utf-8") as f:
            return to_config(yaml.safe_load(f) or {})

    @staticmethod
    def create(obj: Any = None) -> Any:
        return to_config({} if obj is None else obj)

    @staticmethod
    def to_container(cfg: Any, resolve: bool = False) -> Any:
        del resolve  # nothing here interpolates
        if isinstance(cfg, dict):
            return {k: OmegaConf.to_container(v) for k, v in cfg.items()}
        if isinstance(cfg, list):
            return [OmegaConf.to_container(v) for v in cfg]
        return cfg

    @staticmethod
    def merge(*configs: Any) -> Any:
        merged = DictConfig()
        for config in configs:
            for key, value in config.items():
                if isinstance(value, dict) and isinstance(merged.get(key), dict):
                    merged[key] = OmegaConf.merge(merged[key], value)
                else:
                    merged[key] = to_config(value)
        return merged
