import lightning as L
import torch

fabric = L.Fabric(strategy="deepspeed")
fabric.launch()
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters())
for x in warmup_data:
    loss = model(x).sum()
    fabric.backward(loss)
    optimizer.step()
for x in data:
    loss = model(x).sum()
    fabric.backward(loss)
    optimizer.step()
