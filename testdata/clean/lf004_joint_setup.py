"""Pretraining on DeepSpeed with the model and optimizer set up together."""

import lightning as L
import torch

from litgpt import GPT, Config


def main(fabric, lr=4e-4):
    with fabric.init_module(empty_init=True):
        model = GPT(Config.from_name("pythia-1b"))
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.1, betas=(0.9, 0.95))
    model, optimizer = fabric.setup(model, optimizer)
    return model, optimizer


if __name__ == "__main__":
    fabric = L.Fabric(devices=8, strategy="deepspeed_stage_3", precision="bf16-true")
    fabric.launch()
    main(fabric)
