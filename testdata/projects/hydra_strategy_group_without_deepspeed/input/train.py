"""The strategy is its own Hydra group, which offers DDP and FSDP only: skipping a step is
allowed on one device."""
import hydra
import torch
from lightning.pytorch import LightningModule
from omegaconf import DictConfig
from torch.utils.data import DataLoader, TensorDataset


class Denoiser(LightningModule):
    def __init__(self, hidden: int):
        super().__init__()
        self.net = torch.nn.Linear(hidden, hidden)

    def training_step(self, batch, batch_idx):
        (x,) = batch
        loss = torch.nn.functional.mse_loss(self.net(x), x) / (batch_idx - 1)
        if torch.isnan(loss) or torch.isinf(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)

    def train_dataloader(self):
        return DataLoader(TensorDataset(torch.randn(32, 16)), batch_size=4)


@hydra.main(version_base="1.3", config_path="configs", config_name="train")
def main(cfg: DictConfig) -> None:
    trainer = hydra.utils.instantiate(cfg.trainer, strategy=hydra.utils.instantiate(cfg.strategy))
    trainer.fit(Denoiser(cfg.hidden))


if __name__ == "__main__":
    main()
