import torch
import lightning as L


class Core(L.LightningModule):
    """Optimizer and logging shared by every model of the project."""

    def __init__(self, lr=1e-3):
        super().__init__()
        self.save_hyperparameters()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr)
