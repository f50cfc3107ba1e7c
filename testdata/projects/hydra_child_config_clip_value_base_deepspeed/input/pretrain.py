import hydra
import torch
from lightning.pytorch import LightningModule
from omegaconf import DictConfig


class Decoder(LightningModule):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(4, 4)

    def training_step(self, batch, batch_idx):
        return self.proj(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)


@hydra.main(version_base="1.3", config_path="configs", config_name="pretrain")
def main(cfg: DictConfig) -> None:
    trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(Decoder(), torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4))


if __name__ == "__main__":
    main()
