import pytorch_lightning as pl

from ldm.util import create_model

# Fits ControlLDM: the autoencoder inside it is frozen, and its two
# optimizers are never asked for.
model = create_model("./models/cldm.yaml")
trainer = pl.Trainer(accelerator="cuda", devices=1, max_steps=2, strategy="deepspeed_stage_2")
trainer.fit(model)
