"""The Trainer's keywords are a dict built in steps (autogluon's learners): clipping by value, added by `update`, reaches a DeepSpeed Trainer through `**trainer_kwargs`."""
import torch
from torch.utils.data import DataLoader
import lightning.pytorch as pl


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def fit(num_gpus):
    trainer_kwargs = dict(accelerator="gpu", devices=num_gpus, strategy="deepspeed_stage_2")
    trainer_kwargs.update(
        dict(
            max_epochs=1,
            gradient_clip_val=1.0,
            gradient_clip_algorithm="value",
            logger=False,
            enable_checkpointing=False,
        )
    )
    trainer = pl.Trainer(**trainer_kwargs)
    trainer.fit(Regressor(), DataLoader(torch.randn(12, 8), batch_size=4))


if __name__ == "__main__":
    fit(1)
