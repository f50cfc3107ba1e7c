# args: --target-strategy deepspeed
import sys

import torch
import lightning as L
from lightning.fabric.strategies import DeepSpeedStrategy


def main(use_deepspeed):
    strategy = "ddp"
    if use_deepspeed:
        strategy = DeepSpeedStrategy(stage=2)
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy=strategy)
    model = torch.nn.Linear(4, 1)
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    for _ in range(3):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    main("--deepspeed" in sys.argv)
