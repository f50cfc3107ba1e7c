import torch
import torch.nn.functional as F
import lightning as L


class DistillTrainer:
    def __init__(self, teacher, student, lr=1e-4):
        self.fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
        self.fabric.launch()
        self.teacher = self.fabric.setup_module(teacher.eval())
        optimizer = torch.optim.AdamW(student.parameters(), lr=lr)
        self.student, self.optimizer = self.fabric.setup(student, optimizer)

    def step(self, x):
        with torch.no_grad():
            soft = self.teacher(x).softmax(-1)
        loss = F.kl_div(self.student(x).log_softmax(-1), soft, reduction="batchmean")
        self.optimizer.zero_grad()
        self.fabric.backward(loss, model=self.student)
        self.optimizer.step()
        return loss.detach()
