import hydra
from lightning.pytorch.demos.boring_classes import BoringModel
from omegaconf import DictConfig


@hydra.main(version_base="1.3", config_path="configs", config_name="train")
def main(cfg: DictConfig) -> None:
    trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(BoringModel())


if __name__ == "__main__":
    main()
