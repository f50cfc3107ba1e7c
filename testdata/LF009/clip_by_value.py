import lightning as L
import torch


def train(fabric, model, optimizer, loader, clip=0.5):
    for x, y in loader:
        loss = torch.nn.functional.smooth_l1_loss(model(x), y)
        optimizer.zero_grad()
        fabric.backward(loss)
        fabric.clip_gradients(model, optimizer, clip_val=clip)
        optimizer.step()


if __name__ == "__main__":
    from data import make_loader, make_model

    fabric = L.Fabric(devices=2, strategy="deepspeed")
    fabric.launch()
    model = make_model()
    optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-4)
    model, optimizer = fabric.setup(model, optimizer)
    train(fabric, model, optimizer, fabric.setup_dataloaders(make_loader()))
