"""Ported from a raw DeepSpeed script: the set-up model kept the name `model_engine`."""

import lightning as L
import torch
import torch.nn.functional as F

from model import TransformerLM


def main(loader, steps=10_000):
    fabric = L.Fabric(accelerator="cuda", devices=8, strategy="deepspeed_stage_2", precision="bf16-mixed")
    fabric.launch()
    model = TransformerLM(vocab_size=50_304, n_layer=12, n_embd=768)
    optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4, betas=(0.9, 0.95))
    model_engine, optimizer = fabric.setup(model, optimizer)
    for step, (tokens, targets) in enumerate(fabric.setup_dataloaders(loader)):
        logits = model_engine(tokens)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        fabric.backward(loss, model=model)
        optimizer.step()
        optimizer.zero_grad()
        if step >= steps:
            break
