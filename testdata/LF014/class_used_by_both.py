from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy
from lightning.pytorch import Trainer

from model import Net, NetModule

# The Fabric half is right; the Trainer needs the Trainer's class, and one
# import cannot serve both: reported, not fixed.
fabric = Fabric(strategy=DeepSpeedStrategy(stage=2), devices=2)
fabric.launch()
trainer = Trainer(strategy=DeepSpeedStrategy(stage=2), devices=2)
trainer.fit(NetModule(Net()))
