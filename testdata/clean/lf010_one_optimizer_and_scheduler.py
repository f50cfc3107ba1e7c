import torch
from lightning import LightningModule, Trainer


class Classifier(LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.cross_entropy(self.net(x), y)

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=1e-4)
        scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=1e-3, total_steps=10_000)
        if self.trainer.max_steps < 0:
            return optimizer
        return [optimizer], [{"scheduler": scheduler, "interval": "step"}]


trainer = Trainer(strategy="deepspeed_stage_3", devices=8)
trainer.fit(Classifier(torch.nn.Linear(8, 2)))
