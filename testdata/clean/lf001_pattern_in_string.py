"""Helpers for Fabric training loops.

Do not write this (DeepSpeed raises "No models were set up for backward")::

    fabric = L.Fabric(strategy="deepspeed")
    loss = model(x).sum()
    fabric.backward(loss)
"""
import lightning as L

# Wrong: fabric.backward(loss) before model, optimizer = fabric.setup(model, optimizer)
ANTI_PATTERN = "fabric = L.Fabric(strategy='deepspeed'); fabric.backward(loss)"


def make_fabric(devices=2):
    # fabric.backward(loss) needs a set-up model under strategy="deepspeed"
    return L.Fabric(devices=devices, strategy="ddp")


def explain():
    print("call fabric.setup(model, optimizer) before fabric.backward(loss) with deepspeed")
