# Two optimizers in automatic optimization: Lightning 2 refuses them before
# DeepSpeed's own check, under any strategy, and the finding quotes that.
import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader, TensorDataset


class TwoHeads(LightningModule):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(4, 4)
        self.head = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        return self.head(self.body(batch[0])).pow(2).mean()

    def configure_optimizers(self):
        body = torch.optim.AdamW(self.body.parameters(), lr=1e-4)
        head = torch.optim.AdamW(self.head.parameters(), lr=1e-3)
        return [body, head]


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=2)
    trainer = Trainer(accelerator="gpu", devices=1, strategy="deepspeed_stage_2", max_epochs=1)
    trainer.fit(TwoHeads(), data)
