from dataclasses import dataclass, field

import lightning.pytorch as L
import torch


@dataclass
class TrainConfig:
    lr: float = 0.01
    strategy: str = "deepspeed_stage_2"
    precision: int = 64
    devices: int = 1
    tags: list = field(default_factory=list)


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 1)

    def training_step(self, batch, batch_idx):
        return self.lin(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=0.01)


if __name__ == "__main__":
    cfg = TrainConfig(lr=0.1)
    data = torch.utils.data.DataLoader(torch.randn(8, 2), batch_size=2)
    trainer = L.Trainer(
        strategy=cfg.strategy, precision=cfg.precision, devices=cfg.devices, max_epochs=1
    )
    trainer.fit(Net(), data)
