import lightning as L

from glue import glue_loaders
from setup_utils import make_scheduler, prepare


def main(task="mnli", epochs=3):
    fabric = L.Fabric(accelerator="cuda", devices=4, strategy="deepspeed_stage_2", precision="bf16-mixed")
    fabric.launch()
    model, optimizer = prepare(fabric, "microsoft/deberta-v3-large", num_labels=3, lr=1e-5)
    train_loader, val_loader = fabric.setup_dataloaders(*glue_loaders(task, batch_size=16))
    scheduler = make_scheduler(optimizer, total_steps=epochs * len(train_loader))

    for epoch in range(epochs):
        model.train()
        for batch in train_loader:
            loss = model(**batch).loss
            fabric.backward(loss)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
        model.eval()
        correct = sum((model(**b).logits.argmax(-1) == b["labels"]).sum().item() for b in val_loader)
        fabric.print(f"epoch {epoch}: val accuracy {correct / len(val_loader.dataset):.4f}")


if __name__ == "__main__":
    main()
