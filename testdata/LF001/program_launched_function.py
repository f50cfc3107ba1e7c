"""The training function handed to fabric.launch() forgets to set the model up."""
import torch
import lightning as L


class Regressor(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(6, 6)
        self.out = torch.nn.Linear(6, 1)

    def forward(self, x):
        return self.out(torch.tanh(self.body(x)))


def train(fabric, steps):
    model = Regressor()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for _ in range(steps):
        x = torch.randn(5, 6, device=fabric.device)
        loss = model(x).pow(2).mean()
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
    return loss.item()


fabric = L.Fabric(accelerator="gpu", devices=4, strategy="deepspeed")
print(fabric.launch(train, 3))
