#!/bin/bash
# One device, no DeepSpeed: float64 and clipping by value are fine here.
python train.py --max_epochs=1 --strategy ddp --precision 64 --gradient_clip_algorithm value
