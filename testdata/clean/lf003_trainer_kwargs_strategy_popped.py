"""A config names DeepSpeed, but the script drops the key before building
its Trainer, which then runs Lightning's default strategy."""

from lightning.pytorch import LightningModule, Trainer


class Regressor(LightningModule):
    def training_step(self, batch, batch_idx):
        loss = self(batch).sum()
        if not loss.isfinite():
            return None
        return loss


def main():
    config = {"max_epochs": 1, "strategy": "deepspeed"}
    config.pop("strategy")
    Trainer(**config).fit(Regressor())
