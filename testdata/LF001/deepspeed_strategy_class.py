import torch
import lightning as L
from lightning.fabric.strategies import DeepSpeedStrategy
from transformers import AutoModelForCausalLM, AutoTokenizer


def main(model_name="gpt2-large", steps=1000):
    strategy = DeepSpeedStrategy(stage=3, offload_optimizer=True, offload_parameters=True)
    fabric = L.Fabric(accelerator="cuda", devices=8, strategy=strategy, precision="bf16-true")

    tokenizer = AutoTokenizer.from_pretrained(model_name)
    tokenizer.pad_token = tokenizer.eos_token
    llm = AutoModelForCausalLM.from_pretrained(model_name)
    optimizer = torch.optim.AdamW(llm.parameters(), lr=2e-5)

    texts = ["The quick brown fox jumps over the lazy dog."] * 64
    batch = tokenizer(texts, return_tensors="pt", padding=True)
    for step in range(steps):
        batch = {k: v.to(fabric.device) for k, v in batch.items()}
        outputs = llm(**batch, labels=batch["input_ids"])
        loss = outputs.loss
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
        if step % 100 == 0:
            fabric.print(f"step {step}: {loss.item():.3f}")


if __name__ == "__main__":
    main()
