import lightning as L
import torch
import torch.nn.functional as F


def train(fabric, model, optimizer, loader, accumulate=8):
    for step, (x, y) in enumerate(loader):
        is_accumulating = (step + 1) % accumulate != 0
        with fabric.no_backward_sync(model, enabled=is_accumulating):
            loss = F.cross_entropy(model(x), y)
            fabric.backward(loss / accumulate)
        if not is_accumulating:
            optimizer.step()
            optimizer.zero_grad()


if __name__ == "__main__":
    from data import make_loader, make_model

    fabric = L.Fabric(devices=2, strategy="deepspeed_stage_2", precision="16-mixed")
    fabric.launch()
    model = make_model()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    model, optimizer = fabric.setup(model, optimizer)
    train(fabric, model, optimizer, fabric.setup_dataloaders(make_loader()))
