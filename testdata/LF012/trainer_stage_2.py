import torch
import torch.nn.functional as F
from torch import nn

import lightning as L
from lightning.pytorch.callbacks import LearningRateMonitor, ModelCheckpoint


class LitClassifier(L.LightningModule):
    def __init__(self, hidden_dim: int = 128, learning_rate: float = 1e-3):
        super().__init__()
        self.save_hyperparameters()
        self.l1 = nn.Linear(28 * 28, self.hparams.hidden_dim)
        self.l2 = nn.Linear(self.hparams.hidden_dim, 10)

    def forward(self, x):
        x = x.view(x.size(0), -1)
        return self.l2(torch.relu(self.l1(x)))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self(x), y)
        self.log("train_loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.learning_rate)


def main():
    model = LitClassifier()
    trainer = L.Trainer(
        accelerator="gpu",
        devices=4,
        strategy="deepspeed_stage_2",
        precision="16-mixed",
        max_epochs=10,
        gradient_clip_val=0.5,
        gradient_clip_algorithm="value",
        callbacks=[ModelCheckpoint(monitor="train_loss"), LearningRateMonitor()],
    )
    trainer.fit(model)


if __name__ == "__main__":
    main()
