import lightning.pytorch as pl
import torch
from torch import nn


class Transformer(pl.LightningModule):
    def __init__(self, vocab_size: int = 50257, d_model: int = 4096, layers: int = 32):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.blocks = nn.ModuleList(nn.TransformerEncoderLayer(d_model, 32) for _ in range(layers))
        self.head = nn.Linear(d_model, vocab_size)

    def training_step(self, batch, batch_idx):
        x = self.embed(batch[:, :-1])
        for block in self.blocks:
            x = block(x)
        return nn.functional.cross_entropy(self.head(x).transpose(1, 2), batch[:, 1:])

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-4)


if __name__ == "__main__":
    trainer = pl.Trainer(accelerator="cuda", devices=8, strategy="deepspeed_stage_3_offload", precision="16-mixed")
    with trainer.init_module(empty_init=False):
        model = Transformer()
    trainer.fit(model)
