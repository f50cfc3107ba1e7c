import lightning as L
from lightning.fabric.plugins import DeepSpeedPrecision

from model import Net


def build(precision: str):
    # The plugin is built for DeepSpeed; the string only documents the choice.
    fabric = L.Fabric(strategy="deepspeed", plugins=[DeepSpeedPrecision("bf16-mixed")], precision="64-true")
    fabric.launch()
    other = L.Fabric(strategy="deepspeed", precision=precision)
    other.launch()
    return fabric, other
