import torch
import torch.nn.functional as F


def fit(fabric, model, optimizer, loader, epochs=10):
    """The training loop shared by every experiment script."""
    model.train()
    for epoch in range(epochs):
        total, seen = 0.0, 0
        for inputs, targets in loader:
            optimizer.zero_grad(set_to_none=True)
            logits = model(inputs)
            loss = F.cross_entropy(logits, targets, label_smoothing=0.1)
            fabric.backward(loss)
            optimizer.step()
            total += loss.item() * inputs.size(0)
            seen += inputs.size(0)
        fabric.print(f"epoch {epoch}: train loss {total / max(seen, 1):.4f}")
    return model


@torch.no_grad()
def evaluate(fabric, model, loader):
    model.eval()
    correct = torch.zeros((), device=fabric.device)
    count = torch.zeros((), device=fabric.device)
    for inputs, targets in loader:
        correct += (model(inputs).argmax(-1) == targets).sum()
        count += targets.numel()
    correct = fabric.all_reduce(correct, reduce_op="sum")
    count = fabric.all_reduce(count, reduce_op="sum")
    return (correct / count).item()
