"""One GPU, no distributed strategy: Fabric needs no launch."""

import lightning as L
import torch

fabric = L.Fabric(accelerator="cuda", devices=1, precision="bf16-mixed")
model = torch.nn.Sequential(torch.nn.Linear(784, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10))
optimizer = torch.optim.Adam(model.parameters())
model, optimizer = fabric.setup(model, optimizer)
