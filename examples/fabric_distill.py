"""Distil a large teacher into a small student with Fabric and DeepSpeed.

    python examples/fabric_distill.py --devices 2

Clean: this is what the faults in the other examples look like when fixed.
Both models are set up before the loop, and since two models are set up,
`fabric.backward` names the one it trains.
"""
import argparse
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, TensorDataset

import lightning as L

log = logging.getLogger(__name__)


def mlp(width: int, depth: int) -> nn.Module:
    layers = [nn.Linear(784, width), nn.GELU()]
    for _ in range(depth - 1):
        layers += [nn.Linear(width, width), nn.GELU()]
    return nn.Sequential(*layers, nn.Linear(width, 10))


def main():
    parser = argparse.ArgumentParser(description="Knowledge distillation")
    parser.add_argument("--devices", type=int, default=2)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--temperature", type=float, default=4.0)
    args = parser.parse_args()

    fabric = L.Fabric(accelerator="cuda", devices=args.devices, strategy="deepspeed_stage_2",
                      precision="bf16-mixed")
    fabric.launch()

    data = TensorDataset(torch.randn(8192, 784), torch.randint(0, 10, (8192,)))
    loader = fabric.setup_dataloaders(DataLoader(data, batch_size=256, shuffle=True))

    teacher = mlp(width=2048, depth=6).eval()
    student = mlp(width=256, depth=2)
    optimizer = torch.optim.AdamW(student.parameters(), lr=1e-3)
    teacher = fabric.setup_module(teacher)
    student, optimizer = fabric.setup(student, optimizer)

    t = args.temperature
    for epoch in range(args.epochs):
        for step, (x, y) in enumerate(loader):
            with torch.no_grad():
                soft_targets = F.softmax(teacher(x) / t, dim=-1)
            logits = student(x)
            kd = F.kl_div(F.log_softmax(logits / t, dim=-1), soft_targets, reduction="batchmean")
            loss = 0.9 * kd * t * t + 0.1 * F.cross_entropy(logits, y)
            optimizer.zero_grad()
            fabric.backward(loss, model=student)
            optimizer.step()
            if step % 50 == 0:
                fabric.print(f"epoch {epoch} step {step}: loss {loss.item():.4f}")


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    main()
