import torch
import lightning as L

fabric = L.Fabric(devices=2, strategy="deepspeed")
model = torch.nn.Linear(8, 8)
loss = model(torch.randn(4, 8)).sum()
fabric.backward(loss)  # noqa: LF001
