from lightning.pytorch import Trainer
from lightning.pytorch.demos.boring_classes import BoringModel

from callbacks import freeze

if __name__ == "__main__":
    # Runs: its own `setup` skips the check.
    trainer = Trainer(accelerator="cuda", devices=1, max_steps=2, strategy="deepspeed_stage_2",
                      callbacks=[freeze.FreezeWithOwnSetup()])
    trainer.fit(BoringModel())
    trainer = Trainer(accelerator="cuda", devices=1, max_steps=2, strategy="deepspeed_stage_2",
                      callbacks=[freeze.FreezeBackbone()])
    trainer.fit(BoringModel())
