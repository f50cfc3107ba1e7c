"""The Fabric's options come from a dict: DeepSpeed and the CPU together,
which Lightning refuses."""
import lightning as L


def main():
    options = dict(devices=2, strategy="deepspeed_stage_2")
    options["accelerator"] = "cpu"
    fabric = L.Fabric(**options)
    fabric.launch()
