import torch
from torch import nn
import lightning as L


class Recipe(nn.Module):
    """A plain torch module with its own training_step; Lightning never calls it."""

    def __init__(self, net: nn.Module):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        if batch is None:
            return None
        x, y = batch
        loss = nn.functional.mse_loss(self.net(x), y)
        if torch.isnan(loss):
            return
        return loss


class Wrapped(L.LightningModule):
    def __init__(self, recipe: Recipe):
        super().__init__()
        self.recipe = recipe

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.recipe.net(x), y)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters())


trainer = L.Trainer(strategy="deepspeed", devices=2)
