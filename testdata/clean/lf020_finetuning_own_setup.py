import lightning as L
from lightning.pytorch.callbacks import BaseFinetuning

from swa import StochasticWeightAveraging


class Unfreeze(BaseFinetuning):
    # Overrides `setup`, where Lightning's DeepSpeed check lives.
    def setup(self, trainer, pl_module, stage):
        self.freeze_before_training(pl_module)

    def freeze_before_training(self, pl_module):
        self.freeze(pl_module.backbone)

    def finetune_function(self, pl_module, epoch, optimizer):
        pass


trainer = L.Trainer(strategy="deepspeed", callbacks=[Unfreeze(), StochasticWeightAveraging()])
