import lightning as L
from lightning.fabric.strategies import FSDPStrategy

from model import Llama

# The plain "deepspeed" name is ZeRO stage 2.
fabric = L.Fabric(devices=2, strategy="deepspeed")
fabric.launch()
with fabric.init_module(empty_init=False):
    small = Llama("tiny")

sharded = L.Fabric(devices=8, strategy=FSDPStrategy(auto_wrap_policy={Llama}))
sharded.launch()
with sharded.init_module(empty_init=False):
    big = Llama("7B")
