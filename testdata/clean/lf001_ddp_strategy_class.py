import torch
from lightning.fabric import Fabric
from lightning.fabric.strategies import DDPStrategy

from nets import build_detector, coco_loader


def main():
    fabric = Fabric(devices=8, strategy=DDPStrategy(find_unused_parameters=True))
    detector = build_detector("retinanet_r50")
    optimizer = torch.optim.SGD(detector.parameters(), lr=0.01, momentum=0.9)
    for images, targets in coco_loader():
        losses = detector(images, targets)
        total = sum(losses.values())
        optimizer.zero_grad()
        fabric.backward(total)
        optimizer.step()


if __name__ == "__main__":
    main()
