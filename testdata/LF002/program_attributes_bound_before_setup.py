# A frozen teacher distilled into a student, the models and the optimizer kept
# on the trainer before they are set up in place.
import torch
import torch.nn.functional as F
from torch import nn
from lightning import Fabric


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 1)

    def forward(self, x):
        out = self.lin(x)
        return out.pow(2).mean(), out


class DistillTrainer:
    def __init__(self, student, teacher):
        self.fabric = Fabric(accelerator="cuda", devices=1, strategy="deepspeed")
        self.fabric.launch()
        teacher.requires_grad_(False)
        self.student = student
        self.optimizer = torch.optim.Adam(student.parameters(), lr=1e-3)
        self.student, self.optimizer = self.fabric.setup(self.student, self.optimizer)
        self.teacher = self.fabric.setup_module(teacher)

    def __call__(self, steps):
        for _ in range(steps):
            x = torch.randn(8, 4, device=self.fabric.device)
            with torch.no_grad():
                _, teacher_out = self.teacher(x)
            loss, student_out = self.student(x)
            total = loss + F.mse_loss(student_out, teacher_out)
            self.fabric.backward(total)
            self.optimizer.step()
            self.optimizer.zero_grad()


if __name__ == "__main__":
    DistillTrainer(Net(), Net())(steps=2)
