# A module that one Trainer fits and another tests: the fitting Trainer
# decides, whatever the evaluating one runs.
import torch
from lightning.pytorch import LightningModule, Trainer


class Regressor(LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        if loss.isnan():
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def main(net, train_loader, test_loader):
    trainer = Trainer(strategy="deepspeed_stage_2", devices=4)
    trainer.fit(Regressor(net), train_loader)
    tester = Trainer(devices=1)
    tester.test(Regressor(net), test_loader)
