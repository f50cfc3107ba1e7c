import torch
from lightning.fabric import Fabric


class Trainer:
    def __init__(self, devices=4):
        self.fabric = Fabric(devices=devices, strategy="deepspeed_stage_2")
        self.fabric.launch()

    def fit(self, model, loader, epochs=1):
        optimizer = torch.optim.AdamW(model.parameters(), lr=2e-4)
        model, optimizer = self.fabric.setup(model, optimizer)
        loader = self.fabric.setup_dataloaders(loader)
        for _ in range(epochs):
            for x, y in loader:
                loss = torch.nn.functional.cross_entropy(model(x), y)
                optimizer.zero_grad()
                self.fabric.backward(loss)
                optimizer.step()
        return model
