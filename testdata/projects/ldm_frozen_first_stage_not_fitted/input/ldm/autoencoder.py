import pytorch_lightning as pl
import torch


class AutoencoderKL(pl.LightningModule):
    """Trained on its own as a GAN elsewhere; here only a frozen part of ControlLDM."""

    def __init__(self, embed_dim=4):
        super().__init__()
        self.encoder = torch.nn.Linear(4, embed_dim)
        self.discriminator = torch.nn.Linear(embed_dim, 1)

    def configure_optimizers(self):
        opt_ae = torch.optim.Adam(self.encoder.parameters(), lr=1e-4)
        opt_disc = torch.optim.Adam(self.discriminator.parameters(), lr=1e-4)
        return [opt_ae, opt_disc], []
