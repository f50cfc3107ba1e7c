import torch
import pytorch_lightning as pl
from torch import nn


class DiffusionModule(pl.LightningModule):
    def __init__(self, unet: nn.Module, num_timesteps: int = 1000):
        super().__init__()
        self.unet = unet
        self.num_timesteps = num_timesteps
        betas = torch.linspace(1e-4, 0.02, num_timesteps)
        self.register_buffer("alphas_cumprod", torch.cumprod(1.0 - betas, dim=0))

    def training_step(self, batch, batch_idx):
        x0 = batch["image"]
        t = torch.randint(0, self.num_timesteps, (x0.shape[0],), device=self.device)
        noise = torch.randn_like(x0)
        a = self.alphas_cumprod[t].view(-1, 1, 1, 1)
        xt = a.sqrt() * x0 + (1 - a).sqrt() * noise
        loss = nn.functional.mse_loss(self.unet(xt, t), noise)
        if torch.isnan(loss):
            self.print(f"nan loss at step {self.global_step}, skipping")
            return None
        self.log("train/mse", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.unet.parameters(), lr=1e-4)


def train(unet, datamodule):
    trainer = pl.Trainer(
        devices=8,
        num_nodes=2,
        strategy="deepspeed_stage_3_offload",
        precision=16,
    )
    trainer.fit(DiffusionModule(unet), datamodule=datamodule)
