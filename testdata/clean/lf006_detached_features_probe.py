"""Linear probe on a DeepSpeed-trained backbone: the probe is plain PyTorch and its
loss never reaches the set-up backbone's output (the features are detached)."""

import lightning as L
import torch
import torch.nn.functional as F


def probe(fabric, backbone, loader, num_classes=1000):
    head = torch.nn.Linear(2048, num_classes).to(fabric.device)
    head_optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
    for images, labels in loader:
        features = backbone(images).detach()
        loss = F.cross_entropy(head(features), labels)
        head_optimizer.zero_grad()
        loss.backward()
        head_optimizer.step()
    return head


if __name__ == "__main__":
    from torchvision.models import resnet50

    fabric = L.Fabric(devices=2, strategy="deepspeed")
    fabric.launch()
    backbone = resnet50()
    backbone.fc = torch.nn.Identity()
    optimizer = torch.optim.AdamW(backbone.parameters())
    backbone, optimizer = fabric.setup(backbone, optimizer)
    probe(fabric, backbone, fabric.setup_dataloaders(torch.utils.data.DataLoader(range(10))))
