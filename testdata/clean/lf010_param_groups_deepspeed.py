import lightning as L
import torch

from model import GPT


def build_optimizers(model):
    return [torch.optim.AdamW(model.parameters(), lr=6e-4)]


# One optimizer with two parameter groups, not two optimizers.
fabric = L.Fabric(strategy="deepspeed_stage_2", devices=8)
fabric.launch()
model = GPT()
decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": 0.1}, {"params": no_decay, "weight_decay": 0.0}])
model, optimizer = fabric.setup(model, optimizer)
optimizers = build_optimizers(model)
model, *optimizers = fabric.setup(model, *optimizers)
