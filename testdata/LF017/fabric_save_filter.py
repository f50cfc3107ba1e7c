import os

import lightning as L
import torch

from lit_gpt.lora import GPT, Config, lora_filter, mark_only_lora_as_trainable


def save_lora_checkpoint(fabric: L.Fabric, model: torch.nn.Module, file_path: str) -> None:
    fabric.print(f"Saving LoRA weights to {str(file_path)!r}")
    fabric.save(file_path, {"model": model}, filter={"model": lora_filter})


def main(out_dir: str = "out/lora"):
    fabric = L.Fabric(devices=4, strategy="deepspeed_stage_2", precision="bf16-true")
    fabric.launch()
    with fabric.init_module():
        model = GPT(Config.from_name("Llama-2-7b-hf"))
    mark_only_lora_as_trainable(model)
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=3e-4)
    model, optimizer = fabric.setup(model, optimizer)
    save_lora_checkpoint(fabric, model, os.path.join(out_dir, "lit_model_lora_finetuned.pth"))


if __name__ == "__main__":
    main()
