"""Distillation on DeepSpeed: the frozen teacher is set up too, so backward needs model=."""
import torch
import torch.nn.functional as F
from lightning.fabric import Fabric


def distill():
    fabric = Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_1")
    fabric.launch()
    teacher = torch.nn.Sequential(torch.nn.Linear(10, 32), torch.nn.ReLU(), torch.nn.Linear(32, 3))
    student = torch.nn.Linear(10, 3)
    optimizer = torch.optim.Adam(student.parameters(), lr=1e-3)
    teacher = fabric.setup_module(teacher)
    teacher.eval()
    student, optimizer = fabric.setup(student, optimizer)
    for _ in range(3):
        x = torch.randn(8, 10)
        with torch.no_grad():
            soft_targets = F.softmax(teacher(x) / 2.0, dim=-1)
        loss = F.kl_div(F.log_softmax(student(x) / 2.0, dim=-1), soft_targets, reduction="batchmean")
        optimizer.zero_grad()
        fabric.backward(loss)
        optimizer.step()


if __name__ == "__main__":
    distill()
