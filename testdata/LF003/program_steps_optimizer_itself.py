"""A meta-learning step that runs the outer optimizer itself and returns None
on purpose: returning a zero loss would make Lightning step a second time.
The code wants manual optimization, which is a person's change."""

import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader, TensorDataset


class MetaLearner(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)

    def outer_loop(self, batch):
        x, y = batch
        opt = self.optimizers()
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        opt.step()
        opt.zero_grad()

    def training_step(self, batch, batch_idx):
        self.outer_loop(batch)
        # The outer loop already stepped: nothing for Lightning to do.
        return None

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(16, 4), torch.randn(16, 1)), batch_size=4)
    trainer = Trainer(accelerator="gpu", devices=2, strategy="deepspeed_stage_2", max_epochs=1)
    trainer.fit(MetaLearner(), data)
