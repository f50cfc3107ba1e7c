"""The Trainer is built by Hydra from the `trainer` config group
(`python src/train.py trainer=deepspeed`); one path replaces the strategy
with DDP first. Which config runs is chosen on the command line."""
import hydra
import pytorch_lightning as pl
from pytorch_lightning.strategies import DDPStrategy


class Net(pl.LightningModule):
    def training_step(self, batch, batch_idx):
        loss = self(batch).sum()
        if not loss.isfinite():
            return None
        return loss


def create_trainer(config):
    if config.get("ddp_workaround"):
        options = dict(config.trainer)
        options.pop("_target_")
        options["strategy"] = DDPStrategy(find_unused_parameters=False)
        trainer = pl.Trainer(**options)
    else:
        trainer = hydra.utils.instantiate(config.trainer)
    return trainer


@hydra.main(config_path="../configs", config_name="train")
def main(config):
    trainer = create_trainer(config)
    model = Net()
    if config.get("checkpoint"):
        model = Net.load_from_checkpoint(config.checkpoint)
    trainer.fit(model)


if __name__ == "__main__":
    main()
