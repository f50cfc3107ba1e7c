"""A hand-written mixed-precision helper whose `backward(loss, model=...)` has nothing to do
with Fabric; Fabric itself only sets up the data here."""

import lightning as L
import torch


class AmpHelper:
    def __init__(self):
        self.scaler = torch.cuda.amp.GradScaler()

    def backward(self, loss, model=None):
        self.scaler.scale(loss).backward()
        if model is not None:
            self.scaler.unscale_(model.optimizer)


def main(net, loader):
    fabric = L.Fabric(devices=1)
    loader = fabric.setup_dataloaders(loader)
    amp = AmpHelper()
    net.optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(net(x), y)
        amp.backward(loss, model=net)
        amp.scaler.step(net.optimizer)
        amp.scaler.update()
