#!/bin/bash
# Pretrains with ZeRO stage 2.
ZERO_STAGE=2
options=" \
    --strategy deepspeed_stage_${ZERO_STAGE} \
    --devices 8 \
    "
srun python3 $(dirname "$0")/../pretrain.py $options
