import lightning.pytorch as L
import torch


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 1)

    def training_step(self, batch, batch_idx):
        loss = self.lin(batch).pow(2).mean()
        self.log("loss", loss)
        return sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=0.01)
