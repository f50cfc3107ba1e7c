"""init_module() before launch(): DeepSpeed counts as distributed even on one device."""
import torch
from lightning.fabric import Fabric


def main():
    fabric = Fabric(accelerator="cuda", devices=1, strategy="deepspeed_stage_2")
    with fabric.init_module():
        model = torch.nn.Linear(5, 2)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model, optimizer = fabric.setup(model, optimizer)
    for _ in range(2):
        loss = model(torch.randn(3, 5)).square().sum()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
