import torch
from torch import nn
from lightning.pytorch import LightningModule, Trainer


class FlowMatching(LightningModule):
    def __init__(self, velocity_net: nn.Module, sigma_min: float = 1e-4):
        super().__init__()
        self.velocity_net = velocity_net
        self.sigma_min = sigma_min

    def training_step(self, batch, batch_idx):
        x1 = batch
        x0 = torch.randn_like(x1)
        t = torch.rand(x1.shape[0], 1, device=x1.device)
        xt = (1 - (1 - self.sigma_min) * t) * x0 + t * x1
        target = x1 - (1 - self.sigma_min) * x0
        loss = nn.functional.mse_loss(self.velocity_net(xt, t), target)
        self.log("train/fm", loss)
        if torch.isfinite(loss):
            return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-4)


def main(net, loader):
    trainer = Trainer(devices=8, strategy="deepspeed", gradient_clip_val=1.0)
    trainer.fit(FlowMatching(net), loader)
