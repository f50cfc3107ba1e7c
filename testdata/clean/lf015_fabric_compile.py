import torch
import lightning as L

from model import GPT

# Fabric unwraps a compiled module itself; only the Trainer rejects it.
fabric = L.Fabric(strategy="deepspeed_stage_2", devices=2)
fabric.launch()
model = torch.compile(GPT())
optimizer = torch.optim.AdamW(model.parameters())
model, optimizer = fabric.setup(model, optimizer)
