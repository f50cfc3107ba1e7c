import copy

import torch
import lightning as L
from lightning.fabric.strategies import DeepSpeedStrategy


class EMATrainer:
    """Trains a model and keeps an exponential moving average copy for evaluation."""

    def __init__(self, model, lr=1e-3, decay=0.999):
        self.fabric = L.Fabric(accelerator="cuda", devices=4, strategy=DeepSpeedStrategy(stage=3))
        self.fabric.launch()
        self.decay = decay
        ema = copy.deepcopy(model).requires_grad_(False)
        optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
        self.model, self.optimizer = self.fabric.setup(model, optimizer)
        self.ema = self.fabric.setup_module(ema)

    @torch.no_grad()
    def update_ema(self):
        for p_ema, p in zip(self.ema.parameters(), self.model.parameters()):
            p_ema.lerp_(p, 1.0 - self.decay)

    def training_step(self, batch):
        inputs, targets = batch
        loss = torch.nn.functional.mse_loss(self.model(inputs), targets)
        self.optimizer.zero_grad()
        self.fabric.backward(loss)
        self.optimizer.step()
        self.update_ema()
        return loss

    def fit(self, loader, epochs=10):
        loader = self.fabric.setup_dataloaders(loader)
        for _ in range(epochs):
            for batch in loader:
                self.training_step(batch)
