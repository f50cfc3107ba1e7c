"""Both optimizers come from the script's `get_optimizer`: DeepSpeed takes one, under manual optimization too."""
import torch
from torch.utils.data import DataLoader
import lightning.pytorch as pl


def get_optimizer(params, lr):
    return torch.optim.AdamW(params, lr=lr)


class Classifier(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(8, 1)
        self.augmenter = torch.nn.Linear(8, 8)

    def training_step(self, batch, batch_idx):
        opt, aug_opt = self.optimizers()
        loss = self.net(self.augmenter(batch)).pow(2).mean()
        self.manual_backward(loss)
        opt.step()
        aug_opt.step()

    def configure_optimizers(self):
        return get_optimizer(self.net.parameters(), 1e-3), get_optimizer(self.augmenter.parameters(), 1e-4)


trainer = pl.Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1, logger=False)
trainer.fit(Classifier(), DataLoader(torch.randn(12, 8), batch_size=4))
