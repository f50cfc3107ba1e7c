"""Under DDP too: `Fabric.backward` reads `model._forward_module` whatever the strategy."""

import lightning as L
import torch
import torch.nn.functional as F
from torchvision.models import resnet18


def train(loader, epochs=5):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="ddp")
    fabric.launch()
    net = resnet18(num_classes=10)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9, weight_decay=5e-4)
    wrapped, optimizer = fabric.setup(net, optimizer)
    loader = fabric.setup_dataloaders(loader)
    for epoch in range(epochs):
        for images, labels in loader:
            optimizer.zero_grad()
            loss = F.cross_entropy(wrapped(images), labels)
            fabric.backward(loss, model=net)
            optimizer.step()
