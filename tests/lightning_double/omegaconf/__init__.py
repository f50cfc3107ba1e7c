"""omegaconf in the test double: only what a Hydra-composed config needs for `cfg.trainer` and
`cfg["trainer"]` (omegaconf/dictconfig.py DictConfig: attribute and item access to the same keys),
and `OmegaConf.load(path)` (omegaconf/omegaconf.py: a YAML file read into a DictConfig)."""
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
