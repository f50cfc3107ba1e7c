import lightning as L
from lightning.pytorch.callbacks import BaseFinetuning


class FeatureExtractorFreezeUnfreeze(BaseFinetuning):
    def __init__(self, unfreeze_at_epoch: int = 10):
        super().__init__()
        self._unfreeze_at_epoch = unfreeze_at_epoch

    def freeze_before_training(self, pl_module):
        self.freeze(pl_module.feature_extractor)

    def finetune_function(self, pl_module, current_epoch, optimizer):
        if current_epoch == self._unfreeze_at_epoch:
            self.unfreeze_and_add_param_group(modules=pl_module.feature_extractor, optimizer=optimizer)


def train(model):
    trainer = L.Trainer(strategy="deepspeed", callbacks=[FeatureExtractorFreezeUnfreeze(unfreeze_at_epoch=5)])
    trainer.fit(model)
