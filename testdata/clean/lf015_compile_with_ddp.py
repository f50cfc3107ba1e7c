import torch
import lightning as L

from model import LitGPT

model = torch.compile(LitGPT())
trainer = L.Trainer(strategy="ddp", devices=4)
trainer.fit(model)
