import lightning.pytorch as pl
from lightning.pytorch.callbacks import EarlyStopping, LearningRateMonitor, ModelCheckpoint

from model import GPT

# Accumulation without the scheduler callback is what DeepSpeed supports.
trainer = pl.Trainer(
    strategy="deepspeed_stage_3",
    devices=8,
    accumulate_grad_batches=4,
    callbacks=[ModelCheckpoint(save_top_k=1), EarlyStopping("val_loss"), LearningRateMonitor()],
)
trainer.fit(GPT())
