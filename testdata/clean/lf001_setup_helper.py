import torch
import lightning as L

from models import Seq2Seq


def prepare(fabric, model, lr):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    return fabric.setup(model, optimizer)


def main():
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_3")
    fabric.launch()
    translator, optimizer = prepare(fabric, Seq2Seq(vocab=32000), lr=5e-4)
    for src, tgt in torch.load("wmt_batches.pt"):
        loss = translator(src, tgt).loss
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()


if __name__ == "__main__":
    main()
