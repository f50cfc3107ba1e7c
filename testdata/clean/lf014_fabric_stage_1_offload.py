import lightning as L

from model import GPT

# Fabric registers "deepspeed_stage_1_offload"; only the Trainer lacks it.
fabric = L.Fabric(devices=4, strategy="deepspeed_stage_1_offload")
fabric.launch()
model = fabric.setup_module(GPT())
