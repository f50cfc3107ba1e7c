# args: --target-strategy deepspeed
"""A smoke test builds its Trainer from a dict that pins it to the CPU: a
migration leaves it alone, as it would `Trainer(accelerator="cpu")`."""
from lightning.pytorch import LightningModule, Trainer


class Tiny(LightningModule):
    def training_step(self, batch, batch_idx):
        if batch_idx > 0:
            return None
        return self(batch).sum()


def test_one_step():
    options = {"max_steps": 1, "logger": False}
    options["accelerator"] = "cpu"
    Trainer(**options).fit(Tiny())
