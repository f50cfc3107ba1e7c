import argparse

import torch

from trainer import Trainer
from zoo import imagenet_loader, resnet18, resnet152


def main():
    parser = argparse.ArgumentParser(description="Distil ResNet-152 into ResNet-18")
    parser.add_argument("--epochs", type=int, default=90)
    parser.add_argument("--alpha", type=float, default=0.7)
    parser.add_argument("--batch-size", type=int, default=64)
    args = parser.parse_args()

    trainer = Trainer(devices=8, strategy="deepspeed_stage_2", max_epochs=args.epochs, alpha=args.alpha)
    student = resnet18(num_classes=1000)
    optimizer = torch.optim.SGD(student.parameters(), lr=0.2, momentum=0.9, nesterov=True)
    teacher = resnet152(num_classes=1000, pretrained=True)
    trainer.setup(student, optimizer, teacher=teacher)
    trainer.fit(imagenet_loader("train", batch_size=args.batch_size))


if __name__ == "__main__":
    main()
