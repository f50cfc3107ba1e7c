import lightning.pytorch as pl
import torch
from omegaconf import OmegaConf


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).sum()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


if __name__ == "__main__":
    config = OmegaConf.load("configs/ds.yaml")
    # As mmf's LightningTrainer hands its `trainer.params` section over.
    params = OmegaConf.to_container(config.trainer.params, resolve=True)
    trainer = pl.Trainer(**params)
    trainer.fit(Model(), torch.utils.data.DataLoader(torch.randn(8, 4), batch_size=4))
