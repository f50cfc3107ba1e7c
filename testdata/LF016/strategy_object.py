from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy

from model import Llama, LlamaConfig


def setup(devices: int = 8):
    strategy = DeepSpeedStrategy(stage=3, offload_parameters=True, offload_optimizer=True)
    fabric = Fabric(devices=devices, strategy=strategy, precision="bf16-mixed")
    fabric.launch(train)


def train(fabric):
    with fabric.init_module(
        empty_init=False,
    ):
        model = Llama(LlamaConfig.from_name("7B"))
    model = fabric.setup_module(model)
