"""Fine-tune a small MLP on synthetic data with DeepSpeed ZeRO-2."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

import lightning as L

fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2", precision="bf16-mixed")

dataset = TensorDataset(torch.randn(1024, 64), torch.randint(0, 10, (1024,)))
train_loader = DataLoader(dataset, batch_size=32, shuffle=True)

net = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
opt = torch.optim.AdamW(net.parameters(), lr=3e-4, weight_decay=0.01)

for epoch in range(5):
    for inputs, labels in train_loader:
        inputs, labels = inputs.to(fabric.device), labels.to(fabric.device)
        logits = net(inputs)
        loss = nn.functional.cross_entropy(logits, labels)
        opt.zero_grad()
        fabric.backward(loss)
        opt.step()
    fabric.print(f"epoch {epoch}: loss {loss.item():.4f}")
