from lightning.pytorch.callbacks import BaseFinetuning


class ProjectFinetuning(BaseFinetuning):
    """Unfreezes the named submodule at a given epoch."""

    def __init__(self, attribute="layer", unfreeze_at_epoch=1):
        super().__init__()
        self.attribute = attribute
        self.unfreeze_at_epoch = unfreeze_at_epoch

    def freeze_before_training(self, pl_module):
        self.freeze(getattr(pl_module, self.attribute))

    def finetune_function(self, pl_module, current_epoch, optimizer):
        if current_epoch == self.unfreeze_at_epoch:
            self.unfreeze_and_add_param_group(getattr(pl_module, self.attribute), optimizer)
