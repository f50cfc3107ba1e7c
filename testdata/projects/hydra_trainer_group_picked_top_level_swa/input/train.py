import importlib

import hydra
import torch
from lightning.pytorch import LightningModule
from omegaconf import DictConfig

# name -> class, as hyena-dna's src/utils/registry.py `callbacks`
CALLBACKS = {
    "model_checkpoint": "pytorch_lightning.callbacks.ModelCheckpoint",
    "swa": "pytorch_lightning.callbacks.StochasticWeightAveraging",
}


class Denoiser(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 4)

    def training_step(self, batch, batch_idx):
        return (self.net(batch) - batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


def make_callback(name, kwargs):
    if "_target_" in kwargs:
        return hydra.utils.instantiate(kwargs)
    module, _, cls = CALLBACKS[name].rpartition(".")
    return getattr(importlib.import_module(module), cls)(**kwargs)


@hydra.main(version_base="1.3", config_path="configs", config_name="config")
def main(cfg: DictConfig) -> None:
    callbacks = [make_callback(name, dict(c)) for name, c in cfg.get("callbacks", {}).items()]
    trainer = hydra.utils.instantiate(cfg.trainer, callbacks=callbacks)
    trainer.fit(Denoiser(), torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4))


if __name__ == "__main__":
    main()
