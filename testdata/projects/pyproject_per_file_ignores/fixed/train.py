import torch
import torch.nn.functional as F
import lightning as L
from torchvision.models import convnext_small

from data import imagenet_loader


def main(epochs=300):
    fabric = L.Fabric(accelerator="cuda", devices=8, strategy="deepspeed_stage_2", precision="bf16-mixed")
    fabric.launch()
    model = convnext_small(num_classes=1000, stochastic_depth_prob=0.4)
    optimizer = torch.optim.AdamW(model.parameters(), lr=4e-3, weight_decay=0.05)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=epochs)
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(imagenet_loader("train", batch_size=128))
    for epoch in range(epochs):
        model.train()
        for images, labels in loader:
            loss = F.cross_entropy(model(images), labels, label_smoothing=0.1)
            optimizer.zero_grad(set_to_none=True)
            fabric.backward(loss)
            optimizer.step()
        scheduler.step()
        fabric.print(f"epoch {epoch}: {loss.item():.3f}")


if __name__ == "__main__":
    main()
