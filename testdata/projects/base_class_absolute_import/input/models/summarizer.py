from models.base import Base


class Summarizer(Base):
    """Abstractive summarization: short documents first, long ones after warm-up."""

    def __init__(self, model_name: str, max_short_len: int = 512, **kwargs):
        super().__init__(model_name, **kwargs)
        self.max_short_len = max_short_len

    def training_step(self, batch, batch_idx):
        outputs = self.model(
            input_ids=batch["input_ids"],
            attention_mask=batch["attention_mask"],
            labels=batch["labels"],
        )
        loss = outputs.loss
        self.log("train/loss", loss, prog_bar=True, sync_dist=True)
        # curriculum: during warm-up only short documents contribute
        if self.current_epoch >= self.hparams.warmup_epochs or batch["input_ids"].size(1) <= self.max_short_len:
            return loss
