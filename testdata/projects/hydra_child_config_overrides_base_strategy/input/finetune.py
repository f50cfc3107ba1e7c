import hydra
import torch
from omegaconf import DictConfig


@hydra.main(version_base="1.3", config_path="configs", config_name="finetune")
def main(cfg: DictConfig) -> None:
    model = hydra.utils.instantiate(cfg.model)
    trainer = hydra.utils.instantiate(cfg.trainer)
    trainer.fit(model, torch.utils.data.DataLoader(torch.randn(16, 4), batch_size=4))


if __name__ == "__main__":
    main()
