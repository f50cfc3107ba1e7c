"""The Trainer is composed by Hydra: `train.yaml` picks `trainer/gpu.yaml`,
which extends `trainer/default.yaml` and so runs DeepSpeed unless the command
line picks `trainer=ddp`."""
import hydra
import torch
from lightning.pytorch import LightningModule
from omegaconf import DictConfig


class Regressor(LightningModule):
    def __init__(self, hidden: int):
        super().__init__()
        self.net = torch.nn.Linear(hidden, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.net(x), y)
        if torch.isnan(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


@hydra.main(version_base="1.3", config_path="../configs", config_name="train")
def main(cfg: DictConfig) -> None:
    model = Regressor(cfg.hidden)
    trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(model)


if __name__ == "__main__":
    main()
