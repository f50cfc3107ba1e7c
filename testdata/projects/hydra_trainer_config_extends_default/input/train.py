import hydra
import torch
from lightning.pytorch import LightningModule
from omegaconf import DictConfig


class Tagger(LightningModule):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(4, 2)

    def training_step(self, batch, batch_idx):
        return self.proj(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


@hydra.main(version_base="1.3", config_path="configs", config_name="train")
def main(cfg: DictConfig) -> None:
    torch.manual_seed(cfg.seed)
    trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(Tagger(), torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4))


if __name__ == "__main__":
    main()
