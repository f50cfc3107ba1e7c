import torch
import lightning as L

from model import LitGPT
from data import ShakespeareDataModule


def main():
    model = LitGPT(n_layer=12, n_head=12, n_embd=768)
    model = torch.compile(model)
    trainer = L.Trainer(accelerator="cuda", devices=4, strategy="deepspeed_stage_2", precision="bf16-mixed")
    trainer.fit(model, datamodule=ShakespeareDataModule())


if __name__ == "__main__":
    main()
