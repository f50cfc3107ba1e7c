import torch
from pytorch_lightning.lite import LightningLite


class Lite(LightningLite):
    def run(self, epochs):
        model = torch.nn.Linear(4, 1)
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        for _ in range(epochs):
            loss = model(torch.randn(8, 4)).sum()
            self.backward(loss)
            optimizer.step()


Lite(strategy="deepspeed", devices=2).run(3)
