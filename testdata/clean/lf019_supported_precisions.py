import lightning as L
from lightning.pytorch import Trainer

fabric = L.Fabric(devices=8, strategy="deepspeed_stage_3", precision="bf16-true")
fabric.launch()

trainer = Trainer(devices=8, strategy="deepspeed_stage_2", precision=16)
other = Trainer(devices=8, strategy="deepspeed", precision="bf16")
