import torch
from lightning import LightningModule, Trainer


class Finetuner(LightningModule):
    def __init__(self, backbone, head, warmup_steps: int = 500):
        super().__init__()
        self.backbone = backbone
        self.head = head
        self.warmup_steps = warmup_steps

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.head(self.backbone(x)), y)

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=1e-4)
        warmup = torch.optim.lr_scheduler.LinearLR(optimizer, 0.01, total_iters=self.warmup_steps)
        decay = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.999)
        return [optimizer], [warmup, decay]


trainer = Trainer(strategy="deepspeed", devices=2, max_steps=20_000)
trainer.fit(Finetuner(torch.nn.Identity(), torch.nn.Linear(768, 2)))
