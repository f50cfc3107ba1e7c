from pytorch_lightning import Trainer

from model import Net

trainer = Trainer(strategy="deepspeed_stage_2_offload", devices=2)
trainer.fit(Net())
print("deepspeed_stage_1_offload is Fabric-only")
