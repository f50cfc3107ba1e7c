import torch
import lightning as L


class ManualOptimizationModule(L.LightningModule):
    """Subclasses drive the optimizer themselves (truncated BPTT, custom accumulation)."""

    automatic_optimization = False

    def __init__(self, lr: float = 1e-3, clip: float = 0.25):
        super().__init__()
        self.save_hyperparameters()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.hparams.lr)

    def optimize(self, loss):
        optimizer = self.optimizers()
        optimizer.zero_grad()
        self.manual_backward(loss)
        optimizer.step()
