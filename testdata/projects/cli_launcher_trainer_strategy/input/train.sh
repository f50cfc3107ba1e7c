#!/bin/sh
python -m pkg.train fit \
  --trainer.accelerator=gpu \
  --trainer.devices=1 \
  --trainer.max_epochs=1 \
  --trainer.strategy=deepspeed_stage_2
