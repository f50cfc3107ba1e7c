import torch
import lightning.pytorch as pl


class Classifier(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(16, 4)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.net(x), y)
        if not torch.isfinite(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


class Scorer(pl.LightningModule):
    """Trained elsewhere; this project only tests it."""

    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(16, 1)

    def training_step(self, batch, batch_idx):
        return None

    def test_step(self, batch, batch_idx):
        x, y = batch
        self.log("mse", torch.nn.functional.mse_loss(self.net(x).squeeze(-1), y))
