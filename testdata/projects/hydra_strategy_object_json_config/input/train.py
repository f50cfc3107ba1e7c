import hydra
from model import Net


@hydra.main(version_base=None, config_path="configs", config_name="train")
def main(cfg):
    trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(Net())


if __name__ == "__main__":
    main()
