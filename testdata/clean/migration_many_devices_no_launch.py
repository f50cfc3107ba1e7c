# args: --target-strategy deepspeed
# Four devices and no launch: `fabric run` must be starting it, and goes on
# launching it under DeepSpeed.
import torch
from lightning.fabric import Fabric

fabric = Fabric(accelerator="cuda", devices=4)
model = fabric.setup(torch.nn.Linear(8, 8))
