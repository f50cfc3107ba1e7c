"""Pretrain a small GPT, in the style of litgpt's pretrain.py, switched to DeepSpeed."""

import math
import time

import lightning as L
import torch
from lightning.fabric.strategies import DeepSpeedStrategy

from litgpt import GPT, Config
from litgpt.data import TinyStories
from litgpt.utils import chunked_cross_entropy, num_parameters


def main(fabric, model_name="pythia-160m", lr=4e-4, max_iters=600000):
    config = Config.from_name(model_name)
    with fabric.init_module(empty_init=False):
        model = GPT(config)
    fabric.print(f"Total parameters: {num_parameters(model):,}")

    model = fabric.setup(model)
    extra_kwargs = {"fused": fabric.device.type == "cuda"}
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.1, **extra_kwargs)
    optimizer = fabric.setup_optimizers(optimizer)

    data = TinyStories()
    train_dataloader = fabric.setup_dataloaders(data.train_dataloader())
    state = {"model": model, "optimizer": optimizer, "iter_num": 0}
    fit(fabric, state, train_dataloader, max_iters)


def fit(fabric, state, train_dataloader, max_iters):
    model = state["model"]
    optimizer = state["optimizer"]
    t0 = time.perf_counter()
    for train_data in train_dataloader:
        if state["iter_num"] >= max_iters:
            break
        input_ids = train_data[:, 0 : model.max_seq_length].contiguous().long()
        targets = train_data[:, 1 : (model.max_seq_length + 1)].contiguous().long()
        logits = model(input_ids)
        loss = chunked_cross_entropy(logits, targets)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        state["iter_num"] += 1
        if state["iter_num"] % 100 == 0:
            fabric.print(f"iter {state['iter_num']}: loss {loss.item():.4f}, {time.perf_counter() - t0:.1f}s")


if __name__ == "__main__":
    torch.set_float32_matmul_precision("high")
    strategy = DeepSpeedStrategy(stage=2)
    fabric = L.Fabric(devices=4, strategy=strategy, precision="bf16-mixed")
    fabric.launch()
    main(fabric)
