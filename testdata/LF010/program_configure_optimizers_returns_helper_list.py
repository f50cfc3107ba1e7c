import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader, TensorDataset


def build_optimizers(model, lr):
    optimizer = torch.optim.SGD(model.body.parameters(), lr=lr)
    head_optimizer = torch.optim.AdamW(model.head.parameters(), lr=lr * 10)
    return [optimizer, head_optimizer]


class Model(LightningModule):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(4, 4)
        self.head = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        (x,) = batch
        return self.head(self.body(x)).sum()

    def configure_optimizers(self):
        return build_optimizers(self, 0.1)


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=4)
    trainer = Trainer(accelerator="cuda", devices=1, max_steps=2, strategy="deepspeed_stage_2")
    trainer.fit(Model(), data)
