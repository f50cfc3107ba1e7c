import argparse

import torch
from lightning.fabric import Fabric

from model import GPT


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--resume", default=None)
    args = parser.parse_args()

    fabric = Fabric(devices=8, strategy="deepspeed_stage_3", precision="bf16-true")
    fabric.launch()
    gpt = GPT.from_name("pythia-1b")
    optimizer = torch.optim.AdamW(gpt.parameters(), lr=3e-4)
    if args.resume:
        gpt, optimizer = fabric.setup(gpt, optimizer)
        fabric.load(args.resume, {"model": gpt, "optimizer": optimizer})

    for step, batch in enumerate(torch.load("batches.pt")):
        loss = gpt(batch["input"], targets=batch["target"])
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
