#!/bin/bash
# Fine-tunes the summarizer on one node with plain data parallelism.
ROOT_DIR=$(dirname "$0")/..
options=" \
    --strategy ddp \
    --devices 4 \
    --max_steps 2 \
    "
python3 ${ROOT_DIR}/summarize.py $options
