"""The strategy name is built from the ZeRO stage (`f"deepspeed_stage_{ZERO_STAGE}"`): DeepSpeed,
and the model is never set up."""

import torch
from lightning.fabric import Fabric

ZERO_STAGE = 2


def main():
    fabric = Fabric(accelerator="cuda", devices=2, strategy=f"deepspeed_stage_{ZERO_STAGE}")
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):
        x, y = torch.randn(8, 4), torch.randn(8, 1)
        loss = torch.nn.functional.mse_loss(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
