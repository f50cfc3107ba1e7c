"""The module alone; the training script lives elsewhere and is not checked."""
import torch
import lightning as L


class SparseAutoencoder(L.LightningModule):
    def __init__(self, d_in: int = 768, d_hidden: int = 16384, l1: float = 1e-3):
        super().__init__()
        self.enc = torch.nn.Linear(d_in, d_hidden)
        self.dec = torch.nn.Linear(d_hidden, d_in)
        self.l1 = l1

    def training_step(self, batch, batch_idx):
        acts = batch["activations"]
        if acts is None:
            return None
        codes = torch.relu(self.enc(acts))
        recon = self.dec(codes)
        loss = torch.nn.functional.mse_loss(recon, acts) + self.l1 * codes.abs().mean()
        if not torch.isfinite(loss):
            return
        self.log("train/loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-4)
