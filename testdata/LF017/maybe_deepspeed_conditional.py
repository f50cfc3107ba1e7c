import sys

from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy, DDPStrategy


def run(model, optimizer, num_nodes: int):
    strategy = DeepSpeedStrategy(stage=2) if num_nodes > 1 else DDPStrategy()
    fabric = Fabric(strategy=strategy, num_nodes=num_nodes)
    fabric.launch()
    model, optimizer = fabric.setup(model, optimizer)
    fabric.save("model.ckpt", {"model": model}, filter={"model": lambda k, v: k.startswith("encoder.")})
