import lightning as L
import torch
import torch.nn.functional as F
from lightning.fabric.strategies import DeepSpeedStrategy
from torchvision.models import vit_b_16

fabric = L.Fabric(accelerator="cuda", devices=8, strategy=DeepSpeedStrategy(stage=2), precision="16-mixed")
fabric.launch()

model = vit_b_16(num_classes=100)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.05)
model, optimizer = fabric.setup(model, optimizer)
loader = fabric.setup_dataloaders(torch.utils.data.DataLoader(torch.load("cifar100.pt"), batch_size=256))

for epoch in range(100):
    for images, labels in loader:
        loss = F.cross_entropy(model(images), labels, label_smoothing=0.1)
        optimizer.zero_grad()
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, max_norm=1.0)  # as in the DDP recipe
        optimizer.step()
