import torch
import lightning as L


def main():
    fabric = L.Fabric(devices=2, strategy="deepspeed")
    fabric.launch()
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def train_step(x):
        loss = model(x).sum()
        fabric.backward(loss)
        optimizer.step()

    for _ in range(3):
        train_step(torch.randn(8, 4))


main()
