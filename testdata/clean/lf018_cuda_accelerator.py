import lightning as L
from lightning.pytorch import Trainer

fabric = L.Fabric(accelerator="cuda", devices=8, strategy="deepspeed_stage_3")
fabric.launch()
trainer = Trainer(accelerator="gpu", devices=8, strategy="deepspeed")
auto = Trainer(accelerator="auto", strategy="deepspeed_stage_2")
