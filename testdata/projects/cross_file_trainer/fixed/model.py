import torch
import torch.nn.functional as F
import lightning as L


class Classifier(L.LightningModule):
    def __init__(self, hidden=128):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(784, hidden), torch.nn.ReLU(),
                                       torch.nn.Linear(hidden, 10))

    def training_step(self, batch, batch_idx):
        x, y = batch
        if x.shape[0] == 0:
            return sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0
        loss = F.cross_entropy(self.net(x.flatten(1)), y)
        self.log("train_loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
