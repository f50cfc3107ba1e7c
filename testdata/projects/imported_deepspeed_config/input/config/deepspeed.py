"""The DeepSpeed settings every training script of the project shares."""

deepspeed_config = {
    "zero_optimization": {"stage": 2, "contiguous_gradients": True},
    "train_micro_batch_size_per_gpu": 4,
    "gradient_accumulation_steps": 2,
}
