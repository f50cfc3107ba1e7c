"""A small trainer of its own whose `setup_optimizers` builds optimizers, with DeepSpeed
chosen for the Fabric it wraps."""

import lightning as L
import torch


class Trainer:
    def __init__(self, model, lr=1e-3):
        self.fabric = L.Fabric(devices=2, strategy="deepspeed")
        self.fabric.launch()
        self.model = model
        self.lr = lr

    def setup_optimizers(self):
        return torch.optim.AdamW(self.model.parameters(), lr=self.lr)

    def fit(self, loader):
        optimizer = self.setup_optimizers()
        model, optimizer = self.fabric.setup(self.model, optimizer)
        for x, y in self.fabric.setup_dataloaders(loader):
            loss = torch.nn.functional.mse_loss(model(x), y)
            self.fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
