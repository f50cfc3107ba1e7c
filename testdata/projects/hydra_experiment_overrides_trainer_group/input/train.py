import hydra
import torch
from lightning.pytorch import LightningModule
from omegaconf import DictConfig


class Denoiser(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 4)

    def training_step(self, batch, batch_idx):
        return (self.net(batch) - batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


@hydra.main(version_base="1.3", config_path="configs", config_name="config")
def main(cfg: DictConfig) -> None:
    trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(Denoiser(), torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4))
    print("FIT OK")


if __name__ == "__main__":
    main()
