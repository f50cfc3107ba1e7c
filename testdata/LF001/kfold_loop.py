import torch
import torch.nn.functional as F
import lightning as L

from folds import load_folds, make_model


def cross_validate(fabric, folds, epochs=5):
    scores = []
    for k, (train_loader, val_loader) in enumerate(folds):
        model = make_model()
        optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
        for _ in range(epochs):
            for x, y in train_loader:
                loss = F.nll_loss(model(x), y)
                optimizer.zero_grad()
                fabric.backward(loss)
                optimizer.step()
        with torch.no_grad():
            correct = sum((model(x).argmax(1) == y).sum().item() for x, y in val_loader)
        scores.append(correct / len(val_loader.dataset))
        fabric.print(f"fold {k}: {scores[-1]:.3f}")
    return sum(scores) / len(scores)


if __name__ == "__main__":
    fabric = L.Fabric(devices=2, strategy="deepspeed")
    fabric.launch()
    cross_validate(fabric, load_folds("data/", k=5))
