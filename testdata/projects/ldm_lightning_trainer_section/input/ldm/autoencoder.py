import torch
import pytorch_lightning as pl


class AutoencoderKL(pl.LightningModule):
    def __init__(self, embed_dim=4, learning_rate=4.5e-6):
        super().__init__()
        self.learning_rate = learning_rate
        self.net = torch.nn.Linear(embed_dim, embed_dim)

    def training_step(self, batch, batch_idx):
        loss = (self.net(batch) - batch).pow(2).mean()
        if not torch.isfinite(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=self.learning_rate)
