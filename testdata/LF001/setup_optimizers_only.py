import torch
import lightning as L

fabric = L.Fabric(devices=2, strategy="deepspeed")
fabric.launch()
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.AdamW(model.parameters())
optimizer = fabric.setup_optimizers(optimizer)
for _ in range(3):
    loss = model(torch.randn(8, 4)).sum()
    fabric.backward(loss)
    optimizer.step()
