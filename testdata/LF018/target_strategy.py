# args: --target-strategy deepspeed --select LF018
from lightning.fabric import Fabric

fabric = Fabric(accelerator="cpu", devices=4, strategy="ddp")
fabric.launch()
