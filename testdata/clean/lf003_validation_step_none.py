import torch
from lightning.pytorch import LightningModule, Trainer


class QAModel(LightningModule):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def training_step(self, batch, batch_idx):
        out = self.model(**batch)
        self.log("train/loss", out.loss)
        return out.loss

    def validation_step(self, batch, batch_idx):
        if batch["input_ids"].numel() == 0:
            return None
        out = self.model(**batch)
        self.log("val/loss", out.loss, sync_dist=True)

    def test_step(self, batch, batch_idx):
        self.validation_step(batch, batch_idx)
        return

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-5)


def main(model, datamodule):
    trainer = Trainer(devices=8, strategy="deepspeed_stage_3")
    trainer.fit(QAModel(model), datamodule=datamodule)
