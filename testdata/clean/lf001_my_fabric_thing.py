import torch


class MyFabricThing:
    """A tiny stand-in for a distributed wrapper, used in unit tests."""

    def __init__(self, strategy="deepspeed"):
        self.strategy = strategy

    def backward(self, loss):
        loss.backward()


fabric = MyFabricThing(strategy="deepspeed_stage_3")
model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(10):
    loss = model(torch.randn(8, 4)).pow(2).mean()
    optimizer.zero_grad()
    fabric.backward(loss)
    optimizer.step()
