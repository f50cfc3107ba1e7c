import lightning as L
from lightning.pytorch.strategies import DeepSpeedStrategy

from llama import LlamaLightning

ds_config = {
    "gradient_accumulation_steps": "auto",
    "train_micro_batch_size_per_gpu": "auto",
    "zero_optimization": {"stage": 3, "offload_param": {"device": "cpu"}},
}

trainer = L.Trainer(devices=8, strategy=DeepSpeedStrategy(config=ds_config), accumulate_grad_batches=8)
trainer.fit(LlamaLightning("7B"))
