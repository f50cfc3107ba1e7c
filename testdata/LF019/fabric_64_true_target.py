# args: --target-strategy deepspeed
from lightning.fabric import Fabric

from solver import PDESolver

fabric = Fabric(accelerator="cuda", devices=2, precision="64-true")
fabric.launch()
solver = fabric.setup_module(PDESolver())
