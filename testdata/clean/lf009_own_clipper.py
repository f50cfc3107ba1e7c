"""An adaptive clipper of its own (AGC-style) next to a DeepSpeed Fabric."""

import lightning as L
import torch


class AdaptiveClipper:
    def __init__(self, clip_factor=0.01):
        self.clip_factor = clip_factor

    def clip_gradients(self, parameters, max_norm=None):
        for p in parameters:
            if p.grad is not None:
                limit = self.clip_factor * p.detach().norm().clamp(min=1e-3)
                p.grad.mul_(torch.clamp(limit / p.grad.norm().clamp(min=1e-6), max=1.0))


fabric = L.Fabric(devices=2, strategy="deepspeed")
fabric.launch()
model = torch.nn.Linear(64, 64)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model, optimizer = fabric.setup(model, optimizer)
clipper = AdaptiveClipper()
for _ in range(100):
    loss = model(torch.randn(32, 64, device=fabric.device)).pow(2).mean()
    fabric.backward(loss)
    clipper.clip_gradients(model.parameters(), max_norm=1.0)
    optimizer.step()
