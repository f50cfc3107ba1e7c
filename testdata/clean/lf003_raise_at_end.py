import torch
import torch.nn.functional as F
import lightning as L


class MultiObjective(L.LightningModule):
    def __init__(self, net, objective: str = "ce"):
        super().__init__()
        self.net = net
        self.objective = objective

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self.net(x)
        if self.objective == "ce":
            return F.cross_entropy(logits, y)
        elif self.objective == "focal":
            ce = F.cross_entropy(logits, y, reduction="none")
            return ((1 - torch.exp(-ce)) ** 2 * ce).mean()
        raise ValueError(f"unknown objective {self.objective!r}")

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    trainer = L.Trainer(devices=4, strategy="deepspeed")
    trainer.fit(MultiObjective(torch.nn.Linear(32, 4)))
