import pytorch_lightning as pl
import torch
from transformers import AutoModelForSeq2SeqLM, AutoTokenizer, get_linear_schedule_with_warmup


class Base(pl.LightningModule):
    """Loads a pretrained seq2seq model and owns its optimizer and evaluation."""

    def __init__(self, model_name: str, lr: float = 5e-5, warmup_epochs: int = 1, total_steps: int = 100_000):
        super().__init__()
        self.save_hyperparameters()
        self.model = AutoModelForSeq2SeqLM.from_pretrained(model_name)
        self.tokenizer = AutoTokenizer.from_pretrained(model_name)

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.model.parameters(), lr=self.hparams.lr)
        scheduler = get_linear_schedule_with_warmup(optimizer, 500, self.hparams.total_steps)
        return [optimizer], [{"scheduler": scheduler, "interval": "step"}]

    def validation_step(self, batch, batch_idx):
        loss = self.model(**batch).loss
        self.log("val/loss", loss, sync_dist=True)

    def generate(self, texts, max_new_tokens=128):
        enc = self.tokenizer(texts, return_tensors="pt", padding=True, truncation=True).to(self.device)
        out = self.model.generate(**enc, max_new_tokens=max_new_tokens, num_beams=4)
        return self.tokenizer.batch_decode(out, skip_special_tokens=True)
