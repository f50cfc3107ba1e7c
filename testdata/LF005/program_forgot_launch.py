"""A DeepSpeed Fabric that is never launched: the first set-up refuses."""
import torch
import lightning as L

fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed")
model = torch.nn.Linear(3, 3)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
model, optimizer = fabric.setup(model, optimizer)
for _ in range(3):
    loss = (model(torch.randn(4, 3)) - 1.0).abs().mean()
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
