import torch
import pytorch_lightning as pl
from transformers import AutoModelForSeq2SeqLM


class Summarizer(pl.LightningModule):
    def __init__(self, name: str = "t5-large", lr: float = 1e-4):
        super().__init__()
        self.model = AutoModelForSeq2SeqLM.from_pretrained(name)
        self.lr = lr

    def training_step(self, batch, batch_idx):
        try:
            out = self.model(**batch)
            loss = out.loss
        except torch.cuda.OutOfMemoryError:
            torch.cuda.empty_cache()
            self.log("train/oom_skipped", 1.0)
            return None
        self.log("train/loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adafactor(self.parameters(), lr=self.lr)


trainer = pl.Trainer(devices=8, strategy="deepspeed_stage_3", precision="bf16-mixed")
trainer.fit(Summarizer())
