# args: --target-strategy deepspeed
import lightning as L
import torch


def main(model, loader, max_norm=5.0):
    fabric = L.Fabric(devices=4, strategy="ddp")
    fabric.launch()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    model, optimizer = fabric.setup(model, optimizer)
    for step, (x, y) in enumerate(fabric.setup_dataloaders(loader)):
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        fabric.backward(loss)
        grad_norm = fabric.clip_gradients(model, optimizer, max_norm=max_norm)
        optimizer.step()
        fabric.log_dict({"loss": loss.item(), "grad_norm": grad_norm.item()}, step=step)
