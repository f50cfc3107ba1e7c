from .deps import *


class Net(L.LightningModule):
    def training_step(self, batch, batch_idx):
        loss = self.layer(batch).sum()
        if torch.isnan(loss):
            return sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0
        return loss
