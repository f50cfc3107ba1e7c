import lightning as L
import torch


class Fit(L.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.LBFGS(self.parameters())


trainer = L.Trainer(strategy="ddp", devices=2)
trainer.fit(Fit(torch.nn.Linear(4, 1)))
