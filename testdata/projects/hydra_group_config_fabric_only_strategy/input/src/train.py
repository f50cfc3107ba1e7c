"""The Trainer is composed by Hydra: `train.yaml` picks `trainer/offload.yaml`, which extends
`trainer/default.yaml`; only `default.yaml` names the Trainer's package."""
import hydra
import torch
from deepspeed.ops.adam import DeepSpeedCPUAdam
from lightning.pytorch import LightningModule
from omegaconf import DictConfig
from torch.utils.data import DataLoader, TensorDataset


class Regressor(LightningModule):
    def __init__(self, hidden: int):
        super().__init__()
        self.net = torch.nn.Linear(hidden, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        # ZeRO-Offload takes DeepSpeed's CPU Adam only.
        return DeepSpeedCPUAdam(self.parameters(), lr=1e-3)

    def train_dataloader(self):
        return DataLoader(TensorDataset(torch.randn(32, 16), torch.randn(32, 1)), batch_size=8)


@hydra.main(version_base="1.3", config_path="../configs", config_name="train")
def main(cfg: DictConfig) -> None:
    model = Regressor(cfg.hidden)
    trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(model)


if __name__ == "__main__":
    main()
