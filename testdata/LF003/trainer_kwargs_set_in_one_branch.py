"""The strategy enters the Trainer's dict in one branch only: DeepSpeed is
possible, not certain."""

from lightning.pytorch import LightningModule, Trainer


class Regressor(LightningModule):
    def training_step(self, batch, batch_idx):
        loss = self(batch).sum()
        if not loss.isfinite():
            return None
        return loss


def main(multi_gpu: bool):
    options = {"max_epochs": 1}
    if multi_gpu:
        options.update(strategy="deepspeed_stage_3", devices=8)
    Trainer(**options).fit(Regressor())
