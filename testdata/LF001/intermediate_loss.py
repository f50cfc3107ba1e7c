import torch
import torch.nn as nn
import torchmetrics
import lightning as L

from data import get_loaders


def main():
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_1")
    fabric.launch()
    train_loader, val_loader = get_loaders(batch_size=128)
    train_loader, val_loader = fabric.setup_dataloaders(train_loader, val_loader)

    classifier = nn.Sequential(
        nn.Conv2d(3, 32, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10)
    )
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
    accuracy = torchmetrics.Accuracy(task="multiclass", num_classes=10).to(fabric.device)
    optimizer = torch.optim.SGD(classifier.parameters(), lr=0.05, momentum=0.9)

    for epoch in range(30):
        classifier.train()
        for images, targets in train_loader:
            out = classifier(images)
            loss = criterion(out, targets)
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()
            accuracy.update(out.argmax(dim=1), targets)
        fabric.print(f"epoch {epoch}: train acc {accuracy.compute():.3f}")
        accuracy.reset()


if __name__ == "__main__":
    main()
