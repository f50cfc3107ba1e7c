# Fine-tune with LoRA, following litgpt/finetune/lora.py, on DeepSpeed stage 3.
import lightning as L
import torch
from lightning.fabric.plugins import BitsandbytesPrecision

from litgpt.lora import GPT, Config, mark_only_lora_as_trainable


def fit(fabric, model, optimizer, train_dataloader, epochs):
    for epoch in range(epochs):
        for batch in train_dataloader:
            logits = model(batch["input_ids"])
            loss = torch.nn.functional.cross_entropy(logits.flatten(0, 1), batch["labels"].flatten())
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()


def main(fabric: L.Fabric, train_dataloader, lr: float = 3e-4) -> None:
    config = Config.from_name("Llama-2-7b-hf", lora_r=8, lora_alpha=16)
    with fabric.init_module(empty_init=True):
        model = GPT(config)
    mark_only_lora_as_trainable(model)

    model = fabric.setup_module(model)  # wraps the model for the strategy
    if isinstance(fabric.strategy.precision, BitsandbytesPrecision):
        import bitsandbytes as bnb

        optimizer = bnb.optim.PagedAdamW(model.parameters(), lr=lr)
    else:
        optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.02)
    optimizer = fabric.setup_optimizers(optimizer)
    fit(fabric, model, optimizer, train_dataloader, epochs=3)


if __name__ == "__main__":
    fabric = L.Fabric(devices=8, strategy="deepspeed_stage_3", precision="bf16-true")
    fabric.launch(main, train_dataloader=None)
