from lightning.fabric import Fabric


def build_fabric(cfg):
    fabric = Fabric(accelerator="cuda", devices=cfg.devices, strategy="deepspeed_stage_3")
    fabric.seed_everything(cfg.seed)
    return fabric
