import torch
import lightning as L

from project.models import TextClassifier
from project.data import build_loader


def train(fabric, model, optimizer, loader, epochs):
    model.train()
    for epoch in range(epochs):
        for batch in loader:
            logits = model(batch["input_ids"], attention_mask=batch["attention_mask"])
            loss = torch.nn.functional.cross_entropy(logits, batch["labels"])
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()
        fabric.print(f"epoch {epoch}: {loss.item():.4f}")


def main():
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2")
    fabric.launch()
    model = TextClassifier(num_labels=5)
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-5)
    loader = fabric.setup_dataloaders(build_loader("train", batch_size=32))
    train(fabric, model, optimizer, loader, epochs=3)
    fabric.save("checkpoints/final.ckpt", {"model": model, "optimizer": optimizer})


if __name__ == "__main__":
    main()
