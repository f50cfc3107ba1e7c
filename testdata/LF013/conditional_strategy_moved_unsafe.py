import os

from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy


class Regressor(LightningModule):
    def training_step(self, batch, batch_idx):
        return self.layer(batch).sum()


# Moving the steps to the Trainer makes the DDP runs accumulate too.
use_deepspeed = os.environ.get("USE_DEEPSPEED") == "1"
ds = DeepSpeedStrategy(config={"zero_optimization": {"stage": 2}, "gradient_accumulation_steps": 8})
trainer = Trainer(max_epochs=3, strategy=ds if use_deepspeed else "ddp")
trainer.fit(Regressor())
