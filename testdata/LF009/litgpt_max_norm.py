"""Fine-tuning loop in the style of litgpt/finetune/full.py, on DeepSpeed."""

import lightning as L
import torch

from litgpt import GPT, Config
from litgpt.utils import chunked_cross_entropy


def fit(fabric, model, optimizer, train_dataloader, max_norm=1.0, accumulate=4):
    for step, batch in enumerate(train_dataloader):
        is_accumulating = (step + 1) % accumulate != 0
        logits = model(batch["input_ids"])
        loss = chunked_cross_entropy(logits[..., :-1, :], batch["labels"][..., 1:])
        fabric.backward(loss / accumulate)
        if not is_accumulating:
            fabric.clip_gradients(model, optimizer, max_norm=max_norm)
            optimizer.step()
            optimizer.zero_grad()


def main(fabric, train_dataloader):
    with fabric.init_module(empty_init=True):
        model = GPT(Config.from_name("pythia-410m"))
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-5, weight_decay=0.02)
    model, optimizer = fabric.setup(model, optimizer)
    fit(fabric, model, optimizer, train_dataloader)


if __name__ == "__main__":
    fabric = L.Fabric(devices=4, strategy="deepspeed_stage_2", precision="bf16-true")
    fabric.launch(main, train_dataloader=None)
