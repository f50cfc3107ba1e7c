import os

import lightning as L
import torch


def prepare_data(fabric, root):
    if fabric.global_rank == 0 and not os.path.exists(os.path.join(root, "tokens.bin")):
        torch.save(torch.randint(0, 50_000, (1_000_000,)), os.path.join(root, "tokens.bin"))
    fabric.barrier()
    return torch.load(os.path.join(root, "tokens.bin"))


def main():
    fabric = L.Fabric(accelerator="gpu", devices=2, strategy="deepspeed")  # launched by torchrun
    fabric.barrier()
    tokens = prepare_data(fabric, "data")
    model = torch.nn.Embedding(50_000, 512)
    optimizer = torch.optim.Adam(model.parameters())
    model, optimizer = fabric.setup(model, optimizer)
    return tokens, model, optimizer


if __name__ == "__main__":
    main()
