import torch
import torch.nn.functional as F
import lightning as L


class CausalLM(L.LightningModule):
    def __init__(self, vocab_size: int = 32000, d_model: int = 1024, n_layers: int = 16, n_heads: int = 16,
                 max_len: int = 2048, lr: float = 3e-4):
        super().__init__()
        self.save_hyperparameters()
        self.embed = torch.nn.Embedding(vocab_size, d_model)
        self.pos = torch.nn.Embedding(max_len, d_model)
        layer = torch.nn.TransformerEncoderLayer(d_model, n_heads, 4 * d_model, batch_first=True, norm_first=True)
        self.blocks = torch.nn.TransformerEncoder(layer, n_layers)
        self.norm = torch.nn.LayerNorm(d_model)
        self.lm_head = torch.nn.Linear(d_model, vocab_size, bias=False)

    def forward(self, tokens):
        positions = torch.arange(tokens.size(1), device=tokens.device)
        mask = torch.nn.Transformer.generate_square_subsequent_mask(tokens.size(1), device=tokens.device)
        h = self.blocks(self.embed(tokens) + self.pos(positions), mask=mask, is_causal=True)
        return self.lm_head(self.norm(h))

    def training_step(self, batch, batch_idx):
        tokens = batch["input_ids"]
        logits = self(tokens[:, :-1])
        loss = F.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())
        if not torch.isfinite(loss):
            self.print(f"step {self.global_step}: non-finite loss, skipping batch")
            return sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0
        self.log("train/loss", loss, prog_bar=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.hparams.lr, betas=(0.9, 0.95), weight_decay=0.1)
