"""Pretraining entry point in the style of litgpt, with the launch forgotten."""

import lightning as L
import torch
from lightning.fabric.strategies import DeepSpeedStrategy

from litgpt import GPT, Config


def main(fabric, model_name, lr=3e-4):
    with fabric.init_module(empty_init=True):
        model = GPT(Config.from_name(model_name))
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, betas=(0.9, 0.95))
    model, optimizer = fabric.setup(model, optimizer)
    fabric.print(f"Set up {model_name} on {fabric.world_size} devices")
    return model, optimizer


def setup(model_name="pythia-1b", devices=8):
    strategy = DeepSpeedStrategy(stage=3, offload_optimizer=True)
    fabric = L.Fabric(devices=devices, strategy=strategy, precision="bf16-true")
    main(fabric, model_name)


if __name__ == "__main__":
    torch.set_float32_matmul_precision("high")
    setup()
