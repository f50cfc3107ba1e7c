import argparse

import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from torchvision.models import resnet50


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="ddp", choices=["ddp", "fsdp", "deepspeed"])
    parser.add_argument("--lr", type=float, default=0.1)
    return parser.parse_args()


def run(args):
    fabric = Fabric(accelerator="cuda", devices=2, strategy=args.strategy)
    fabric.launch()
    net = resnet50()
    model_engine = fabric.setup_module(net)
    optimizer = torch.optim.SGD(net.parameters(), lr=args.lr, momentum=0.9)
    optimizer = fabric.setup_optimizers(optimizer)
    for images, labels in fabric.setup_dataloaders(make_loader()):
        loss = F.cross_entropy(model_engine(images), labels)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


def make_loader():
    from torchvision.datasets import FakeData
    from torchvision.transforms import ToTensor

    return torch.utils.data.DataLoader(FakeData(transform=ToTensor()), batch_size=32)


if __name__ == "__main__":
    run(parse_args())
