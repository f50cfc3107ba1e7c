import torch
from lightning.fabric import Fabric

from mypkg.data import build_loader
from mypkg.models import ResNetClassifier

STRATEGY = "deepspeed_stage_2_offload"


def main():
    fabric = Fabric(accelerator="cuda", devices=4, num_nodes=2, strategy=STRATEGY)
    fabric.launch()
    fabric.seed_everything(1234)

    classifier = ResNetClassifier(num_classes=100)
    optim = torch.optim.SGD(classifier.parameters(), lr=0.1, momentum=0.9, nesterov=True)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optim, T_max=90)
    loader = fabric.setup_dataloaders(build_loader("imagenet", batch_size=256))

    for epoch in range(90):
        for images, labels in loader:
            loss = torch.nn.functional.cross_entropy(classifier(images), labels)
            optim.zero_grad()
            fabric.backward(loss)
            optim.step()
        scheduler.step()


if __name__ == "__main__":
    main()
