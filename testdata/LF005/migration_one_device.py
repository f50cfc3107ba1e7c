# args: --target-strategy deepspeed
# One device runs without a launch under every strategy but DeepSpeed, which
# counts as distributed there too.
import torch
from lightning.fabric import Fabric


def main():
    fabric = Fabric(accelerator="cuda", devices=1, precision="bf16-true")
    model = torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    model, optimizer = fabric.setup(model, optimizer)
    for _ in range(3):
        loss = model(torch.randn(4, 16, device=fabric.device)).sum()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
