# The trainer holds its Fabric, trains with a plain `backward()`, then
# validates under `no_grad()` in the same method.
import torch
from torch import nn
from lightning import Fabric


class Trainer:
    def __init__(self, model, fabric=None, steps=2):
        if fabric is None:
            fabric = Fabric(accelerator="cuda", devices=1, strategy="deepspeed")
        self.fabric = fabric
        fabric.launch()
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        self.model, self.optimizer = fabric.setup(model, optimizer)
        self.steps = steps

    def __call__(self):
        for _ in range(self.steps):
            x = torch.randn(8, 4, device=self.fabric.device)
            loss = self.model(x).pow(2).mean()
            (loss / 2).backward()
            self.optimizer.step()
            self.optimizer.zero_grad()
            with torch.no_grad():
                valid = self.model(torch.randn(8, 4, device=self.fabric.device)).pow(2).mean()
            print(f"valid loss: {valid.item():.3f}")


if __name__ == "__main__":
    Trainer(nn.Linear(4, 1))()
