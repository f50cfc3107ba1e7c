from lightning.fabric import Fabric
from lightning.fabric.strategies import DeepSpeedStrategy

from lit_gpt import GPT, Config


def main(resume: bool):
    fabric = Fabric(devices=8, strategy=DeepSpeedStrategy(stage=3), precision="bf16-true")
    fabric.launch()
    # Weights come from the checkpoint, so skip initialising them.
    with fabric.init_module(empty_init=True):
        model = GPT(Config.from_name("Llama-2-7b-hf"))
    with fabric.init_module(empty_init=resume):
        head = GPT(Config.from_name("pythia-70m"))
    model = fabric.setup(model)
