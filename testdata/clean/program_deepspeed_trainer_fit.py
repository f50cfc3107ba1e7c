"""The Trainer on DeepSpeed: one optimizer with a scheduler, a loss on every batch, validation."""
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
import lightning as L


class Classifier(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(5, 12), nn.ReLU(), nn.Linear(12, 3))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = nn.functional.cross_entropy(self.net(x), y)
        self.log("train_loss", loss)
        return loss

    def validation_step(self, batch, batch_idx):
        x, y = batch
        self.log("val_loss", nn.functional.cross_entropy(self.net(x), y))

    def configure_optimizers(self):
        optimizer = torch.optim.Adam(self.parameters(), lr=1e-3)
        return {"optimizer": optimizer, "lr_scheduler": torch.optim.lr_scheduler.StepLR(optimizer, step_size=1)}


def loader(n):
    return DataLoader(TensorDataset(torch.randn(n, 5), torch.randint(0, 3, (n,))), batch_size=4)


trainer = L.Trainer(accelerator="gpu", devices=2, strategy="deepspeed_stage_2", max_epochs=2,
                    gradient_clip_val=1.0, accumulate_grad_batches=2)
trainer.fit(Classifier(), loader(16), loader(8))
