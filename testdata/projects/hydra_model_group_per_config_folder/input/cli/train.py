# Run as `python -m cli.train -cp conf/pretrain model=small` or with
# `-cp conf/finetune`: each folder's `model` group names its own module.
import hydra
import lightning as L
from hydra.utils import instantiate
from omegaconf import DictConfig


@hydra.main(version_base="1.3", config_name="default.yaml")
def main(cfg: DictConfig):
    model: L.LightningModule = instantiate(cfg.model)
    trainer: L.Trainer = instantiate(cfg.trainer)
    trainer.fit(model, datamodule=instantiate(cfg.data))


if __name__ == "__main__":
    main()
