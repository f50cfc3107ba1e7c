import torch
import lightning as L


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(5, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = None
        if x.numel() > 0:
            loss = torch.nn.functional.mse_loss(self.net(x).squeeze(-1), y)
        if loss is None:
            loss = self.net.weight.sum() * 0.0
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=1e-3)


trainer = L.Trainer(strategy="deepspeed_stage_2", devices=1)
trainer.fit(Regressor())
