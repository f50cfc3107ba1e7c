import argparse

import torch
import torch.nn.functional as F
from pytorch_lightning.lite import LightningLite


class Distill(LightningLite):
    def run(self, args, student, projector, loader):
        student_opt = torch.optim.AdamW(student.parameters(), lr=args.lr)
        projector_opt = torch.optim.AdamW(projector.parameters(), lr=10 * args.lr)
        student, student_opt = self.setup(student, student_opt)
        projector, projector_opt = self.setup(projector, projector_opt)
        for images, teacher_features in self.setup_dataloaders(loader):
            features = student(images)
            projected = projector(features.detach())
            projector_loss = F.mse_loss(projected, teacher_features)
            self.backward(projector_loss, model=projector)
            student_loss = F.cosine_embedding_loss(features, teacher_features, torch.ones(len(images), device=self.device))
            self.backward(student_loss, model=student)
            projector_opt.step()
            student_opt.step()
            projector_opt.zero_grad()
            student_opt.zero_grad()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="ddp", choices=["ddp", "deepspeed_stage_2"])
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--lr", type=float, default=1e-4)
    from models import make_student, make_projector, make_loader

    args = parser.parse_args()
    Distill(devices=args.devices, strategy=args.strategy, precision="bf16").run(
        args, make_student(), make_projector(), make_loader()
    )
