import lightning as L

from model import build_model, build_optimizer


def save(fabric: L.Fabric, model, optimizer, iteration: int):
    state = {"model": model, "optimizer": optimizer, "iter_num": iteration}
    fabric.save(f"out/iter-{iteration:06d}-ckpt.pth", state, filter=None)


fabric = L.Fabric(strategy="deepspeed_stage_2", devices=2)
fabric.launch()
model = build_model()
model, optimizer = fabric.setup(model, build_optimizer(model))
save(fabric, model, optimizer, iteration=0)
fabric.save("out/final.pth", {"model": model, "step": 1})


def save_checkpoint(fabric, path, state, filter=None):
    # A wrapper passing its own default on: None unless a caller says otherwise.
    fabric.save(path, state, filter=filter)


save_checkpoint(fabric, "out/wrapped.pth", {"model": model})
lora_only = False
fabric.save("out/maybe.pth", {"model": model}, filter={"model": lambda k, v: "lora" in k} if lora_only else None)
