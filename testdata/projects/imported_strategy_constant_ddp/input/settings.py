"""Run settings shared by the training scripts."""

STRATEGY = "ddp"
BATCH_SIZE = 4
