from pytorch_lightning import Trainer
from pytorch_lightning.accelerators import CPUAccelerator
from pytorch_lightning.strategies import DeepSpeedStrategy

from model import BertClassifier

trainer = Trainer(
    accelerator=CPUAccelerator(),
    strategy=DeepSpeedStrategy(stage=2, offload_optimizer=True),
    devices=1,
    max_epochs=1,
)
trainer.fit(BertClassifier())
