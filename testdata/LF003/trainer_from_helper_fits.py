"""`trainer = build_trainer(...)`: the Trainer the helper returns fits the
model, with the strategy the caller passes it."""
from lightning.pytorch import LightningModule, Trainer


class Classifier(LightningModule):
    def training_step(self, batch, batch_idx):
        loss = self(batch).sum()
        if not loss.isfinite():
            return None
        return loss


def build_trainer(strategy, **options):
    return Trainer(strategy=strategy, devices=8, **options)


def main():
    trainer = build_trainer("deepspeed_stage_2", max_epochs=3)
    trainer.fit(Classifier())
    smoke = Trainer(fast_dev_run=True)
    smoke.validate(Classifier())
