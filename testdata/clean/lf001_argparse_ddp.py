import argparse

import torch
import lightning as L

parser = argparse.ArgumentParser()
parser.add_argument("--strategy", choices=["ddp", "fsdp"], default="ddp")
parser.add_argument("--devices", type=int, default=2)
args = parser.parse_args()

fabric = L.Fabric(devices=args.devices, strategy=args.strategy)
mlp = torch.nn.Sequential(torch.nn.Linear(32, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))
opt = torch.optim.Adam(mlp.parameters())
for x, y in torch.load("regression.pt"):
    loss = (mlp(x) - y).pow(2).mean()
    fabric.backward(loss)
    opt.step()
    opt.zero_grad()
