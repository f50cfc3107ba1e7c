import lightning as L

from lit_gpt import GPT, Config

fabric = L.Fabric(devices=4, strategy="deepspeed_stage_2", precision="bf16-mixed")
fabric.launch()
with fabric.init_module(empty_init=False):
    model = GPT(Config.from_name("pythia-1b"))
model = fabric.setup(model)
