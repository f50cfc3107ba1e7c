#!/bin/bash
python train.py --max_epochs=1 \
   --strategy="deepspeed_stage_2" \
   --precision 64 \
   --gradient_clip_val 1.0 --gradient_clip_algorithm value
