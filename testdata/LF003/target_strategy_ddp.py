# args: --target-strategy deepspeed
import torch
import torch.nn.functional as F
import lightning as L


class TinyGPT(L.LightningModule):
    def __init__(self, vocab_size: int = 50257, d_model: int = 512, n_layers: int = 8):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab_size, d_model)
        layer = torch.nn.TransformerEncoderLayer(d_model, 8, batch_first=True, norm_first=True)
        self.blocks = torch.nn.TransformerEncoder(layer, n_layers)
        self.lm_head = torch.nn.Linear(d_model, vocab_size, bias=False)

    def training_step(self, batch, batch_idx):
        tokens = batch["tokens"]
        if tokens.shape[1] < 2:
            return None
        h = self.blocks(self.embed(tokens[:, :-1]), is_causal=True)
        logits = self.lm_head(h)
        loss = F.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())
        self.log("train/ppl", loss.exp())
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=6e-4, betas=(0.9, 0.95))


if __name__ == "__main__":
    trainer = L.Trainer(accelerator="gpu", devices=8, strategy="ddp", max_steps=50_000)
    trainer.fit(TinyGPT())
