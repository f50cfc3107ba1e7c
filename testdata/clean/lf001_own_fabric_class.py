"""Our in-house wrapper predates Lightning and happens to share its name."""
import torch

from mytrainer.fabric import Fabric


def main():
    fabric = Fabric(strategy="deepspeed", devices=4)
    model = torch.nn.Linear(128, 10)
    optimizer = torch.optim.AdamW(model.parameters())
    for x, y in fabric.batches("train"):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
