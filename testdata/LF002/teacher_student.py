import torch
import torch.nn.functional as F
from lightning.fabric import Fabric
from transformers import AutoModelForSequenceClassification


def distill(train_loader, epochs: int = 3, temperature: float = 2.0):
    fabric = Fabric(accelerator="gpu", devices=2, strategy="deepspeed", precision="bf16-mixed")
    fabric.launch()

    teacher = AutoModelForSequenceClassification.from_pretrained("bert-large-uncased", num_labels=2)
    teacher.eval()
    teacher = fabric.setup_module(teacher)

    student = AutoModelForSequenceClassification.from_pretrained("distilbert-base-uncased", num_labels=2)
    optimizer = torch.optim.AdamW(student.parameters(), lr=5e-5)
    student, optimizer = fabric.setup(student, optimizer)
    train_loader = fabric.setup_dataloaders(train_loader)

    for epoch in range(epochs):
        student.train()
        for batch in train_loader:
            with torch.no_grad():
                t_logits = teacher(**batch).logits
            out = student(**batch)
            kd = F.kl_div(
                F.log_softmax(out.logits / temperature, dim=-1),
                F.softmax(t_logits / temperature, dim=-1),
                reduction="batchmean",
            ) * temperature**2
            loss = 0.5 * out.loss + 0.5 * kd
            optimizer.zero_grad()
            fabric.backward(loss)
            optimizer.step()
        fabric.print(f"epoch {epoch} loss {loss.item():.4f}")
