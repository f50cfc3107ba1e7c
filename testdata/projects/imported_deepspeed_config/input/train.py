import torch
from torch.utils.data import DataLoader
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy

from config.deepspeed import deepspeed_config


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def main():
    strategy = DeepSpeedStrategy(config=deepspeed_config)
    trainer = Trainer(accelerator="gpu", devices=1, strategy=strategy, max_epochs=1, logger=False)
    trainer.fit(Regressor(), DataLoader(torch.randn(16, 8), batch_size=4))


if __name__ == "__main__":
    main()
