import torch
from lightning.pytorch import LightningModule, Trainer
from omegaconf import OmegaConf
from torch.utils.data import DataLoader


class Folding(LightningModule):
    def __init__(self):
        super().__init__()
        self.trunk = torch.nn.Linear(5, 5)

    def training_step(self, batch, batch_idx):
        return self.trunk(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-4)


def train(config_path):
    cfg = OmegaConf.load(config_path)
    trainer_cfg = cfg.trainer
    trainer = Trainer(strategy="deepspeed_stage_2", **trainer_cfg)
    trainer.fit(Folding(), DataLoader(torch.randn(8, 5).double(), batch_size=4))


if __name__ == "__main__":
    train("configs/structure.yaml")
