"""BaseFinetuning and BackboneFinetuning (src/lightning/pytorch/callbacks/finetuning.py, 2.6.5)."""
from typing import Any, Iterable, Optional, Union

from torch.nn import Module, ModuleDict
from torch.nn.modules.batchnorm import _BatchNorm

from lightning.fabric.utilities.exceptions import MisconfigurationException
from lightning.pytorch.callbacks.callback import Callback


class BaseFinetuning(Callback):
    def __init__(self) -> None:
        self._internal_optimizer_metadata: dict = {}

    @staticmethod
    def flatten_modules(modules: Union[Module, Iterable]) -> list:
        # mirrors finetuning.py BaseFinetuning.flatten_modules: leaf modules, and parents holding parameters
        if isinstance(modules, ModuleDict):
            modules = modules.values()
        if isinstance(modules, Iterable):
            flat = [m for module in modules for m in BaseFinetuning.flatten_modules(module)]
        else:
            flat = list(modules.modules())
        return [m for m in flat if not list(m.children()) or m._parameters]

    @staticmethod
    def filter_params(modules: Any, train_bn: bool = True, requires_grad: bool = True) -> list:
        params = []
        for mod in BaseFinetuning.flatten_modules(modules):
            if isinstance(mod, _BatchNorm) and not train_bn:
                continue
            params += [p for p in mod.parameters(recurse=False) if p.requires_grad == requires_grad]
        return params

    @staticmethod
    def make_trainable(modules: Any) -> None:
        for module in BaseFinetuning.flatten_modules(modules):
            for param in module.parameters(recurse=False):
                param.requires_grad = True

    @staticmethod
    def freeze(modules: Any, train_bn: bool = True) -> None:
        for mod in BaseFinetuning.flatten_modules(modules):
            if isinstance(mod, _BatchNorm) and train_bn:
                continue
            for param in mod.parameters(recurse=False):
                param.requires_grad = False

    @staticmethod
    def filter_on_optimizer(optimizer: Any, params: Iterable) -> list:
        known = {id(p) for group in optimizer.param_groups for p in group["params"]}
        return [p for p in params if id(p) not in known]

    @staticmethod
    def unfreeze_and_add_param_group(modules: Any, optimizer: Any, lr: Optional[float] = None,
                                     initial_denom_lr: float = 10.0, train_bn: bool = True) -> None:
        # mirrors finetuning.py BaseFinetuning.unfreeze_and_add_param_group
        BaseFinetuning.make_trainable(modules)
        params_lr = optimizer.param_groups[0]["lr"] if lr is None else float(lr)
        denom_lr = initial_denom_lr if lr is None else 1.0
        params = BaseFinetuning.filter_on_optimizer(optimizer, BaseFinetuning.filter_params(modules, train_bn, True))
        if params:
            optimizer.add_param_group({"params": params, "lr": params_lr / denom_lr})

    def setup(self, trainer: Any, pl_module: Any, stage: str) -> None:
        # mirrors finetuning.py BaseFinetuning.setup (line 283)
        self.freeze_before_training(pl_module)
        from lightning.pytorch.strategies import DeepSpeedStrategy

        if isinstance(trainer.strategy, DeepSpeedStrategy):
            raise NotImplementedError(
                "The Finetuning callback does not support running with the DeepSpeed strategy."
                " Choose a different strategy or disable the callback."
            )

    def on_train_epoch_start(self, trainer: Any, pl_module: Any) -> None:
        for optimizer in trainer.optimizers:
            self.finetune_function(pl_module, trainer.current_epoch, optimizer)

    def finetune_function(self, pl_module: Any, epoch: int, optimizer: Any) -> None:
        # mirrors finetuning.py BaseFinetuning.finetune_function: for subclasses
        raise NotImplementedError

    def freeze_before_training(self, pl_module: Any) -> None:
        # mirrors finetuning.py BaseFinetuning.freeze_before_training: for subclasses
        raise NotImplementedError


class BackboneFinetuning(BaseFinetuning):
    def __init__(self, unfreeze_backbone_at_epoch: int = 10, lambda_func: Any = lambda epoch: 1.5,
                 backbone_initial_ratio_lr: float = 10e-2, backbone_initial_lr: Optional[float] = None,
                 should_align: bool = True, initial_denom_lr: float = 10.0, train_bn: bool = True, **kwargs: Any) -> None:
        super().__init__()
        self.unfreeze_backbone_at_epoch = unfreeze_backbone_at_epoch
        self.lambda_func = lambda_func
        self.backbone_initial_ratio_lr = backbone_initial_ratio_lr
        self.backbone_initial_lr = backbone_initial_lr
        self.should_align = should_align
        self.initial_denom_lr = initial_denom_lr
        self.train_bn = train_bn
        self.previous_backbone_lr: Optional[float] = None

    def on_fit_start(self, trainer: Any, pl_module: Any) -> None:
        # mirrors finetuning.py BackboneFinetuning.on_fit_start
        if not (hasattr(pl_module, "backbone") and isinstance(pl_module.backbone, Module)):
            raise MisconfigurationException("The LightningModule should have a nn.Module `backbone` attribute")

    def freeze_before_training(self, pl_module: Any) -> None:
        self.freeze(pl_module.backbone)

    def finetune_function(self, pl_module: Any, epoch: int, optimizer: Any) -> None:
        # mirrors finetuning.py BackboneFinetuning.finetune_function
        current_lr = optimizer.param_groups[0]["lr"]
        if epoch == self.unfreeze_backbone_at_epoch:
            initial = self.backbone_initial_lr if self.backbone_initial_lr is not None else current_lr * self.backbone_initial_ratio_lr
            self.previous_backbone_lr = initial
            self.unfreeze_and_add_param_group(pl_module.backbone, optimizer, initial, train_bn=self.train_bn,
                                              initial_denom_lr=self.initial_denom_lr)
        elif epoch > self.unfreeze_backbone_at_epoch:
            next_lr = self.lambda_func(epoch + 1) * self.previous_backbone_lr
            next_lr = current_lr if (self.should_align and next_lr > current_lr) else next_lr
            optimizer.param_groups[-1]["lr"] = next_lr
            self.previous_backbone_lr = next_lr
