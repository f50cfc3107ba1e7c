import torch
from lightning.fabric import Fabric

from stepper import Stepper


def main():
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    stepper = Stepper(fabric)
    for _ in range(10):
        stepper.step(model, optimizer, (torch.randn(8, 4), torch.randn(8, 1)))


if __name__ == "__main__":
    main()
