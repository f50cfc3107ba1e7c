import torch
from torch import nn
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy


class ContrastiveEncoder(LightningModule):
    def __init__(self, backbone: nn.Module, temperature: float = 0.07, warmup_batches: int = 100):
        super().__init__()
        self.backbone = backbone
        self.temperature = temperature
        self.warmup_batches = warmup_batches

    def training_step(self, batch, batch_idx):
        view_a, view_b = batch
        za = nn.functional.normalize(self.backbone(view_a), dim=-1)
        zb = nn.functional.normalize(self.backbone(view_b), dim=-1)
        logits = za @ zb.T / self.temperature
        targets = torch.arange(logits.shape[0], device=logits.device)
        loss = nn.functional.cross_entropy(logits, targets)
        if batch_idx < self.warmup_batches and self.current_epoch == 0:
            # let the memory bank fill before the first update
            return
        self.log("train/info_nce", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.03, momentum=0.9)


def fit(backbone, loader):
    trainer = Trainer(
        accelerator="gpu",
        devices=8,
        strategy=DeepSpeedStrategy(stage=3, offload_optimizer=True),
        precision="16-mixed",
    )
    trainer.fit(ContrastiveEncoder(backbone), loader)
