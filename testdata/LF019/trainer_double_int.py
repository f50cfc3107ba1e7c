import torch
from pytorch_lightning import LightningModule, Trainer


class HamiltonianNet(LightningModule):
    """Energy-conserving dynamics need float64 to stay stable over long rollouts."""

    def __init__(self, net: torch.nn.Module):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        q, p, dq, dp = batch
        return torch.nn.functional.mse_loss(self.net(torch.cat([q, p], -1)), torch.cat([dq, dp], -1))

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


trainer = Trainer(accelerator="gpu", devices=4, strategy="deepspeed_stage_1", precision=64, max_epochs=500)
trainer.fit(HamiltonianNet(torch.nn.Linear(4, 4)))
