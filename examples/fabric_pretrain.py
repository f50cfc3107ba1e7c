"""Pretrain a small transformer language model with Lightning Fabric and DeepSpeed.

    python examples/fabric_pretrain.py --devices 4 --strategy deepspeed_stage_3

Fault (LF001): the model and optimizer are never passed to `fabric.setup()`, so
the first `fabric.backward(loss)` raises "No models were set up for backward".
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

import lightning as L

log = logging.getLogger(__name__)
VOCAB_SIZE = 32000


class TinyLM(nn.Module):
    def __init__(self, vocab_size: int, dim: int, layers: int):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        layer = nn.TransformerEncoderLayer(dim, nhead=8, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=layers)
        self.head = nn.Linear(dim, vocab_size)

    def forward(self, tokens):
        return self.head(self.encoder(self.embed(tokens)))


def random_corpus(seq_len: int = 128, samples: int = 4096) -> TensorDataset:
    tokens = torch.randint(0, VOCAB_SIZE, (samples, seq_len + 1))
    return TensorDataset(tokens[:, :-1], tokens[:, 1:])


def main():
    parser = argparse.ArgumentParser(description="TinyLM pretraining")
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--strategy", default="deepspeed_stage_3")
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument("--lr", type=float, default=3e-4)
    args = parser.parse_args()

    fabric = L.Fabric(accelerator="cuda", devices=args.devices, strategy=args.strategy,
                      precision="bf16-mixed")
    fabric.launch()
    fabric.seed_everything(1234)

    loader = DataLoader(random_corpus(), batch_size=args.batch_size, shuffle=True, num_workers=2)
    loader = fabric.setup_dataloaders(loader)
    model = TinyLM(VOCAB_SIZE, dim=512, layers=6)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.1)

    model.train()
    for epoch in range(args.epochs):
        for step, (inputs, targets) in enumerate(loader):
            logits = model(inputs)
            loss = F.cross_entropy(logits.flatten(0, 1), targets.flatten())
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()
            if step % 100 == 0:
                fabric.print(f"epoch {epoch} step {step}: loss {loss.item():.4f}")
    fabric.save("checkpoints/tinylm.ckpt", {"model": model, "optimizer": optimizer})
    log.info("done after %d epochs", args.epochs)


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    main()
