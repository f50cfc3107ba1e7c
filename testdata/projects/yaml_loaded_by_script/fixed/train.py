"""Each recipe reads its own `local/conf.yml` and builds the Trainer from it (asteroid's layout)."""
import torch
import yaml
from torch.utils.data import DataLoader
import pytorch_lightning as pl

from system import Regressor


def main(conf):
    trainer = pl.Trainer(
        accelerator="gpu",
        devices=1,
        strategy=conf["training"]["strategy"],
        gradient_clip_val=5.0,
        gradient_clip_algorithm="norm",  # as the paper clips
        max_epochs=conf["training"]["epochs"],
        logger=False,
        enable_checkpointing=False,
    )
    trainer.fit(Regressor(), DataLoader(torch.randn(12, 8), batch_size=4))


if __name__ == "__main__":
    with open("local/conf.yml") as f:
        conf = yaml.safe_load(f)
    main(conf)
