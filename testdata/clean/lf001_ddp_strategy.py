import torch
import torch.nn.functional as F
import lightning as L

model = torch.nn.Sequential(torch.nn.Linear(20, 50), torch.nn.ReLU(), torch.nn.Linear(50, 2))
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

# DDP does not need the model to be set up before backward; only DeepSpeed does.
fabric = L.Fabric(accelerator="cpu", devices=2, strategy="ddp")

for x, y in torch.load("pairs.pt"):
    loss = F.cross_entropy(model(x), y)
    optimizer.zero_grad()
    fabric.backward(loss)
    optimizer.step()
