"""lightning.pytorch.cli in the test double: what `LightningCLI(Model)` does with `fit --config file.yaml`.

Mirrors src/lightning/pytorch/cli.py LightningCLI.__init__ (line 322): parse the arguments, instantiate the
classes (instantiate_classes, line 610: the model from `model:`, then the Trainer from `trainer:` through
instantiate_trainer, line 621, and `trainer_class(**config)`, line 658), then run the subcommand
(_run_subcommand, line 750: `trainer.fit(model, ...)`). jsonargparse's part is read as its documented
behaviour: a `{class_path, init_args}` value becomes an instance of that class built with those arguments.
Only `--config FILE` (repeatable), nested keys (`--trainer.strategy=NAME`) and the subcommand are read; nothing
else of the parser is mirrored.
"""
import importlib
import sys
from typing import Any, Optional

import yaml

from lightning.pytorch.core import LightningModule
from lightning.pytorch.trainer import Trainer


def _subclass_named(base: Any, name: str) -> Any:
    # jsonargparse resolves a class_path without a module among the imported subclasses of the base type
    pending = list(base.__subclasses__())
    while pending:
        cls = pending.pop()
        if cls.__name__ == name:
            return cls
        pending.extend(cls.__subclasses__())
    raise ValueError(f"no subclass of {base.__name__} named {name!r} is imported")


def _instantiate(value: Any, base: Any = None) -> Any:
    if isinstance(value, dict) and "class_path" in value:
        module, _, name = value["class_path"].rpartition(".")
        cls = getattr(importlib.import_module(module), name) if module else _subclass_named(base, name)
        return cls(**{k: _instantiate(v) for k, v in (value.get("init_args") or {}).items()})
    if isinstance(value, list):
        return [_instantiate(v) for v in value]
    return value


def _merge(into: dict, config: dict) -> None:
    # later configs override earlier ones, key by key within a section (jsonargparse's merge)
    for key, value in config.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict) and "class_path" not in value:
            _merge(into[key], value)
        else:
            into[key] = value


class LightningCLI:
    def __init__(self, model_class: Any = None, datamodule_class: Any = None, save_config_callback: Any = None,
                 save_config_kwargs: Optional[dict] = None, trainer_class: Any = Trainer,
                 trainer_defaults: Optional[dict] = None, seed_everything_default: Any = True,
                 parser_kwargs: Optional[dict] = None, subclass_mode_model: bool = False,
                 subclass_mode_data: bool = False, args: Any = None, run: bool = True, **kwargs: Any) -> None:
        argv = list(sys.argv[1:] if args is None else args)
        self.subcommand = argv.pop(0) if run and argv and not argv[0].startswith("-") else None
        self.config: dict = {}
        for i, arg in enumerate(argv):
            if arg == "--config" and i + 1 < len(argv):
                with open(argv[i + 1], encoding="utf-8") as f:
                    _merge(self.config, yaml.safe_load(f) or {})
            elif arg.startswith("--") and "." in arg.split("=", 1)[0]:
                # `--trainer.strategy=deepspeed_stage_2` (or a space): one nested key, its value read as YAML,
                # over what the configs before it gave.
                name, _, value = arg[2:].partition("=")
                if "=" not in arg and i + 1 < len(argv):
                    value = argv[i + 1]
                *sections, key = name.split(".")
                node = self.config
                for section in sections:
                    node = node.setdefault(section, {})
                node[key] = yaml.safe_load(value)
        model_config = self.config.get("model") or {}
        if isinstance(model_config, dict) and "class_path" in model_config:
            self.model = _instantiate(model_config, model_class or LightningModule)
        else:
            self.model = model_class(**{k: _instantiate(v) for k, v in model_config.items()})
        trainer_config = dict(trainer_defaults or {})
        trainer_config.update({k: _instantiate(v) for k, v in (self.config.get("trainer") or {}).items()})
        self.trainer = trainer_class(**trainer_config)
        if self.subcommand is not None:
            getattr(self.trainer, self.subcommand)(self.model)
