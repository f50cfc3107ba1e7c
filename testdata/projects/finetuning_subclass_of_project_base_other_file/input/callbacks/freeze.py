from callbacks.base import ProjectFinetuning


class FreezeBackbone(ProjectFinetuning):
    def __init__(self):
        super().__init__(attribute="layer", unfreeze_at_epoch=2)


class FreezeWithOwnSetup(ProjectFinetuning):
    # Replaces BaseFinetuning.setup, where the DeepSpeed check is.
    def setup(self, trainer, pl_module, stage):
        pass
