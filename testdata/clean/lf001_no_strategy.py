import torch
from lightning.fabric import Fabric


def fit(data, epochs=5):
    fabric = Fabric(precision="bf16-mixed")
    model = torch.nn.Linear(10, 1)
    optimizer = torch.optim.Adam(model.parameters())
    for _ in range(epochs):
        for x, y in data:
            pred = model(x)
            loss = torch.nn.functional.mse_loss(pred, y)
            fabric.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
    return model
