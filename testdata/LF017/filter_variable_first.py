import lightning as L

from model import build_model

param_filter = {"model": lambda name, _: "lm_head" not in name}

fabric = L.Fabric(strategy="deepspeed_stage_3", devices=8)
fabric.launch()
model, optimizer = fabric.setup(*build_model())
fabric.save(path="final.ckpt", filter=param_filter, state={"model": model, "optimizer": optimizer})
