"""The strategy name is built with `.format` from a DDP variant: not DeepSpeed, so a backward
before any set-up is not LF001 (it is no DeepSpeed run)."""
import torch
from lightning.fabric import Fabric

VARIANT = "spawn"


def run(fabric):
    model = torch.nn.Linear(4, 1)
    loss = model(torch.randn(8, 4)).sum()
    fabric.backward(loss)


if __name__ == "__main__":
    fabric = Fabric(accelerator="cpu", devices=2, strategy="ddp_{}".format(VARIANT))
    fabric.launch(run)
