import lightning.pytorch as pl
from lightning.pytorch.demos.boring_classes import BoringModel

trainer_kwargs = {"strategy": "deepspeed_stage_3", "devices": 2}
trainer_kwargs["precision"] = 64
trainer = pl.Trainer(**trainer_kwargs)
trainer.fit(BoringModel())
