from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy


def adapter_only(name, value):
    return "adapter" in name


class Trainer:
    def __init__(self, model, optimizer):
        self.fabric = Fabric(strategy=DeepSpeedStrategy(stage=2, offload_optimizer=True), devices=2)
        self.fabric.launch()
        self.model, self.optimizer = self.fabric.setup(model, optimizer)

    def checkpoint(self, step):
        state = {"model": self.model, "optimizer": self.optimizer, "step": step}
        self.fabric.save(
            f"checkpoints/step-{step:06d}.ckpt",
            state,
            {"model": adapter_only},
        )
