"""Saving only the adapter weights with a filter: DeepSpeed serializes the whole engine itself."""
import torch
import lightning as L


class Adapted(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = torch.nn.Linear(8, 8)
        self.adapter = torch.nn.Linear(8, 8)

    def forward(self, x):
        return self.adapter(self.backbone(x))


fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
fabric.launch()
model = Adapted()
optimizer = torch.optim.AdamW(model.adapter.parameters(), lr=1e-3)
model, optimizer = fabric.setup(model, optimizer)
for _ in range(2):
    loss = model(torch.randn(4, 8)).pow(2).mean()
    fabric.backward(loss)
    optimizer.step()
    optimizer.zero_grad()
fabric.save("adapter.ckpt", {"model": model}, filter={"model": lambda name, _: name.startswith("adapter.")})
