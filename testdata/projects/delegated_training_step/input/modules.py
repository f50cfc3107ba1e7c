import lightning as L
import torch

from losses import masked_loss, plain_loss
from tasks import Classification, Segmentation


class Segmenter(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Conv2d(3, 8, 1)
        self.task = Segmentation()

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_idx):
        return self.task.training_step(self, batch, batch_idx)


class Classifier(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 4)
        self.task = Classification()

    def training_step(self, batch, batch_idx):
        return self.task.training_step(self.net, batch, batch_idx)


class Denoiser(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 8)

    def training_step(self, batch, batch_idx):
        return masked_loss(self.net, batch)


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return plain_loss(self.net, batch)
