import hydra
import torch
from lightning.pytorch import Callback, LightningModule
from omegaconf import DictConfig


class Denoiser(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 4)

    def training_step(self, batch, batch_idx):
        return (self.net(batch) - batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)


def instantiate_callbacks(callbacks_cfg: DictConfig) -> list[Callback]:
    callbacks = []
    for _, cb_conf in (callbacks_cfg or {}).items():
        if "_target_" in cb_conf:
            callbacks.append(hydra.utils.instantiate(cb_conf))
    return callbacks


@hydra.main(version_base="1.3", config_path="configs", config_name="train")
def main(cfg: DictConfig) -> None:
    callbacks = instantiate_callbacks(cfg.get("callbacks"))
    trainer = hydra.utils.instantiate(cfg.trainer, callbacks=callbacks)
    trainer.fit(Denoiser(), torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4))


if __name__ == "__main__":
    main()
