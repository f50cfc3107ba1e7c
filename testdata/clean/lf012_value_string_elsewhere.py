from lightning.pytorch import Trainer

settings = {"gradient_clip_algorithm": "value", "strategy": "deepspeed"}
print("gradient_clip_algorithm='value' is only for DDP here")

trainer = Trainer(strategy="deepspeed", gradient_clip_algorithm=None)
