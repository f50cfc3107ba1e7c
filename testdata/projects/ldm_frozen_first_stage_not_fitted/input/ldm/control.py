import pytorch_lightning as pl
import torch

from ldm.util import instantiate_from_config


class ControlLDM(pl.LightningModule):
    def __init__(self, first_stage_config):
        super().__init__()
        self.first_stage_model = instantiate_from_config(first_stage_config).eval()
        for p in self.first_stage_model.parameters():
            p.requires_grad = False
        self.control = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        with torch.no_grad():
            z = self.first_stage_model.encoder(batch)
        return self.control(z).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.control.parameters(), lr=1e-5)

    def train_dataloader(self):
        return torch.utils.data.DataLoader(torch.randn(8, 4), batch_size=4)
