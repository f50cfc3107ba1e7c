import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric


def train(args, student, projector, loader):
    fabric = Fabric(devices=args.devices, strategy=args.strategy, precision="bf16-mixed")
    fabric.launch()
    student_opt = torch.optim.AdamW(student.parameters(), lr=args.lr)
    projector_opt = torch.optim.AdamW(projector.parameters(), lr=10 * args.lr)
    student, student_opt = fabric.setup(student, student_opt)
    projector, projector_opt = fabric.setup(projector, projector_opt)
    for images, teacher_features in fabric.setup_dataloaders(loader):
        features = student(images)
        projected = projector(features.detach())
        projector_loss = F.mse_loss(projected, teacher_features)
        fabric.backward(projector_loss, model=projector)
        student_loss = F.cosine_embedding_loss(features, teacher_features, torch.ones(len(images), device=fabric.device))
        fabric.backward(student_loss, model=student)
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

    train(parser.parse_args(), make_student(), make_projector(), make_loader())
