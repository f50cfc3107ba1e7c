"""Run settings shared by the training scripts."""

STRATEGY = "deepspeed_stage_2"
BATCH_SIZE = 4
