"""NeMo's layout: the inline `trainer:` section sets DDP on one device, where skipping a step is allowed."""
import hydra
import lightning.pytorch as pl
import torch
from omegaconf import DictConfig
from torch.utils.data import DataLoader, TensorDataset


class Forecaster(pl.LightningModule):
    def __init__(self, hidden: int):
        super().__init__()
        self.net = torch.nn.Linear(hidden, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y) / (batch_idx - 1)
        if not torch.isfinite(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


@hydra.main(version_base="1.3", config_path="conf", config_name="forecaster")
def main(cfg: DictConfig) -> None:
    trainer = pl.Trainer(**cfg.trainer)
    data = DataLoader(TensorDataset(torch.randn(32, cfg.model.hidden), torch.randn(32, 1)), batch_size=4)
    trainer.fit(Forecaster(cfg.model.hidden), data)


if __name__ == "__main__":
    main()
