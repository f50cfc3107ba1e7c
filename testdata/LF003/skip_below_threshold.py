import torch
import lightning.pytorch as pl
from transformers import AutoModelForCausalLM


class CausalLMFineTuner(pl.LightningModule):
    def __init__(self, model_name: str, lr: float = 1e-5, min_loss: float = 0.05):
        super().__init__()
        self.save_hyperparameters()
        self.model = AutoModelForCausalLM.from_pretrained(model_name)

    def training_step(self, batch, batch_idx):
        out = self.model(
            input_ids=batch["input_ids"],
            attention_mask=batch["attention_mask"],
            labels=batch["labels"],
        )
        loss = out.loss
        # easy batches teach nothing: skip them
        if loss.detach() < self.hparams.min_loss:
            return None
        self.log("train_loss", loss, on_step=True, prog_bar=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.model.parameters(), lr=self.hparams.lr)


if __name__ == "__main__":
    module = CausalLMFineTuner("gpt2")
    trainer = pl.Trainer(
        accelerator="gpu",
        devices=8,
        strategy="deepspeed_stage_2",
        precision="bf16-mixed",
        max_steps=10_000,
    )
    trainer.fit(module)
