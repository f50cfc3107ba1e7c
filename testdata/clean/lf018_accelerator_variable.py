import torch
from lightning.pytorch import Trainer

accelerator = "cuda" if torch.cuda.is_available() else "cpu"
strategy = "deepspeed_stage_2" if torch.cuda.is_available() else "auto"
trainer = Trainer(accelerator=accelerator, strategy=strategy)
# An upper-case name is rejected by Lightning as unknown before DeepSpeed is reached.
other = Trainer(accelerator="CPU", strategy="deepspeed")
