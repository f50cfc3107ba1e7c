import torch
import lightning as L
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

from nets import ResNet18
from train_utils import evaluate, fit


def main():
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2", precision="16-mixed")
    fabric.launch()

    augment = transforms.Compose([
        transforms.RandomCrop(32, padding=4),
        transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
    ])
    with fabric.rank_zero_first():
        train_set = datasets.CIFAR10("data", train=True, download=True, transform=augment)
        test_set = datasets.CIFAR10("data", train=False, download=True, transform=transforms.ToTensor())
    train_loader, test_loader = fabric.setup_dataloaders(
        DataLoader(train_set, batch_size=128, shuffle=True, num_workers=4),
        DataLoader(test_set, batch_size=256, num_workers=4),
    )

    model = ResNet18(num_classes=10)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9, weight_decay=5e-4)
    model, optimizer = fabric.setup(model, optimizer)

    fit(fabric, model, optimizer, train_loader, epochs=30)
    fabric.print(f"test accuracy: {evaluate(fabric, model, test_loader):.3f}")


if __name__ == "__main__":
    main()
