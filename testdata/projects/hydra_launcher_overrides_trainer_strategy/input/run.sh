#!/bin/sh
python train.py trainer.strategy=deepspeed_stage_3 trainer.devices=2
