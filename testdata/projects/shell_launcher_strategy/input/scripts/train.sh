#!/usr/bin/env bash
# Pretrain BERT-large on one 8-GPU node.
#   NUM_GPUS=4 RUN_NAME=ablation-no-nsp scripts/train.sh
set -euo pipefail

cd "$(dirname "$0")/.."

export NCCL_ASYNC_ERROR_HANDLING=1
export TOKENIZERS_PARALLELISM=false
NUM_GPUS="${NUM_GPUS:-8}"
RUN_NAME="${RUN_NAME:-bert-large-$(date +%Y%m%d)}"
mkdir -p "logs/${RUN_NAME}"

echo "starting ${RUN_NAME} on ${NUM_GPUS} GPUs"
python train.py --strategy deepspeed_stage_3 --devices "${NUM_GPUS}" --run-name "${RUN_NAME}" --batch-size 32 \
    2>&1 | tee "logs/${RUN_NAME}/train.log"
