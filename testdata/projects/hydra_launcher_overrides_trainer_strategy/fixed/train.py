# The config keeps `strategy: auto`; the launcher turns DeepSpeed on for its
# run with a Hydra override.
import hydra
import lightning as L
import torch
from hydra.utils import instantiate
from torch.utils.data import DataLoader, TensorDataset


class Lit(L.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        loss = self.net(batch[0]).pow(2).mean()
        if not torch.isfinite(loss):
            return sum(p.sum() for p in self.parameters() if p.requires_grad) * 0.0
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


@hydra.main(version_base="1.3", config_path="conf", config_name="config")
def main(cfg):
    trainer = instantiate(cfg.trainer)
    data = DataLoader(TensorDataset(torch.randn(8, 4)), batch_size=2)
    trainer.fit(Lit(instantiate(cfg.model)), data)


if __name__ == "__main__":
    main()
