from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy as FabricDeepSpeed
from lightning.pytorch import Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy

from model import Net

fabric = Fabric(strategy=FabricDeepSpeed(stage=2), devices=2)
fabric.launch()
trainer = Trainer(strategy=DeepSpeedStrategy(stage=1, offload_optimizer=True), devices=2)
trainer.fit(Net())
