import pytorch_lightning as pl
import torch


class LatentDiffusion(pl.LightningModule):
    def __init__(self, channels=4):
        super().__init__()
        self.denoiser = torch.nn.Linear(channels, channels)

    def training_step(self, batch, batch_idx):
        return (self.denoiser(batch) - batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-4)

    def train_dataloader(self):
        return torch.utils.data.DataLoader(torch.randn(8, 4), batch_size=2)
