import torch
import torch.nn.functional as F
import lightning as L
from torchvision.datasets import CIFAR10
from torchvision.models import resnet50
from torchvision.transforms import ToTensor

fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2", precision="16-mixed")

model = resnet50(num_classes=10)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
model, optimizer = fabric.setup(model, optimizer)
loader = fabric.setup_dataloaders(torch.utils.data.DataLoader(CIFAR10("data", transform=ToTensor()), batch_size=128))

for epoch in range(30):
    for images, labels in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(model(images), labels)
        fabric.backward(loss)
        optimizer.step()
    fabric.print(f"epoch {epoch} loss {loss.item():.3f}")
