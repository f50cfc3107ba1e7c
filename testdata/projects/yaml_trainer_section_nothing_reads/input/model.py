import torch
import lightning.pytorch as pl


class GanModule(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.g = torch.nn.Linear(4, 4)
        self.d = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        opt_g, opt_d = self.optimizers()
        loss = self.d(self.g(batch)).mean()
        opt_g.zero_grad()
        self.manual_backward(loss)
        opt_g.step()

    def configure_optimizers(self):
        return [torch.optim.Adam(self.g.parameters()), torch.optim.Adam(self.d.parameters())], []
