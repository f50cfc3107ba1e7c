import sys

import torch
from lightning.fabric import Fabric
from lightning.pytorch.strategies import DeepSpeedStrategy


def main(name):
    strategy = name
    if name == "deepspeed":
        strategy = DeepSpeedStrategy(stage=2)
    fabric = Fabric(devices=2, strategy=strategy)
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    model, optimizer = fabric.setup(model, torch.optim.SGD(model.parameters(), lr=0.1))
    for _ in range(3):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "deepspeed")
