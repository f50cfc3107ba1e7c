import torch
import torch.nn.functional as F
import lightning.pytorch as pl


class DistilledStudent(pl.LightningModule):
    def __init__(self, student, teacher=None, alpha: float = 0.5, hard_label_epoch: int = 3):
        super().__init__()
        self.student = student
        self.teacher = teacher
        self.alpha = alpha
        self.hard_label_epoch = hard_label_epoch

    def training_step(self, batch, batch_idx):
        x, y = batch
        logits = self.student(x)
        loss = F.cross_entropy(logits, y)
        if self.teacher is not None:
            with torch.no_grad():
                teacher_logits = self.teacher(x)
            kd = F.kl_div(logits.log_softmax(-1), teacher_logits.softmax(-1), reduction="batchmean")
            self.log("train/kd", kd)
            return loss + self.alpha * kd
        elif self.current_epoch >= self.hard_label_epoch:
            return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.student.parameters(), lr=0.05, momentum=0.9)


def main(student, teacher, datamodule):
    trainer = pl.Trainer(devices=4, strategy="deepspeed", precision="16-mixed")
    trainer.fit(DistilledStudent(student, teacher), datamodule=datamodule)
