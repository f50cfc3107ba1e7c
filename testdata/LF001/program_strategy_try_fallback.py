"""DeepSpeed in a try, plain DDP where it cannot be set up: DeepSpeed on
some runs."""

import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy


def main():
    try:
        strategy = DeepSpeedStrategy(stage=2)
    except ImportError:
        strategy = "ddp"
    fabric = Fabric(accelerator="cuda", devices=2, strategy=strategy)
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):
        loss = model(torch.randn(8, 4)).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
