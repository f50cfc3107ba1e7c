import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from transformers import AutoModelForCausalLM


def main(loader, epochs=1):
    fabric = Fabric(accelerator="cuda", devices=8, strategy="deepspeed_stage_3", precision="bf16-true")
    fabric.launch()
    with fabric.init_module(empty_init=True):
        model = AutoModelForCausalLM.from_pretrained("gpt2-xl")
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-5)
    model, optimizer = fabric.setup(model, optimizer)
    loader = fabric.setup_dataloaders(loader)

    for epoch in range(epochs):
        for batch in loader:
            logits = model(batch["input_ids"]).logits
            loss = F.cross_entropy(logits[:, :-1].flatten(0, 1), batch["input_ids"][:, 1:].flatten())
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    main(loader=None)
