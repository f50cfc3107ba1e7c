import lightning as L
import torch
from torch import nn


class StyleTransfer(L.LightningModule):
    def __init__(self, content_weight: float = 1.0, style_weight: float = 1e6):
        super().__init__()
        self.save_hyperparameters()
        self.image = nn.Parameter(torch.rand(1, 3, 512, 512))

    def training_step(self, batch, batch_idx):
        content, style = batch
        loss = self.hparams.content_weight * (self.image - content).pow(2).mean()
        loss = loss + self.hparams.style_weight * (self.image.mean() - style.mean()).pow(2)
        self.log("loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.LBFGS([self.image], lr=1.0, max_iter=20, history_size=100)


if __name__ == "__main__":
    trainer = L.Trainer(accelerator="gpu", devices=2, strategy="deepspeed_stage_2", max_epochs=1)
    trainer.fit(StyleTransfer())
