import torch
import torch.nn.functional as F
import lightning as L


class VAE(L.LightningModule):
    def __init__(self, latent_dim: int = 64, beta: float = 4.0, lr: float = 1e-3):
        super().__init__()
        self.save_hyperparameters()
        self.encoder = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(784, 512), torch.nn.ReLU(),
                                           torch.nn.Linear(512, 2 * latent_dim))
        self.decoder = torch.nn.Sequential(torch.nn.Linear(latent_dim, 512), torch.nn.ReLU(),
                                           torch.nn.Linear(512, 784))

    def forward(self, x):
        mu, logvar = self.encoder(x).chunk(2, dim=-1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.decoder(z).view_as(x), mu, logvar

    def training_step(self, batch, batch_idx):
        x, _ = batch
        recon, mu, logvar = self(x)
        rec = F.binary_cross_entropy_with_logits(recon, x, reduction="sum") / x.size(0)
        kl = -0.5 * torch.mean(torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=-1))
        loss = rec + self.hparams.beta * kl
        self.log_dict({"train/rec": rec, "train/kl": kl, "train/loss": loss}, prog_bar=True)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.hparams.lr)
