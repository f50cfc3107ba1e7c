import lightning as L
from lightning.fabric.strategies import FSDPStrategy

from lit_gpt.lora import GPT, Config, lora_filter

fabric = L.Fabric(devices=4, strategy=FSDPStrategy(state_dict_type="full"), precision="bf16-true")
fabric.launch()
model = fabric.setup(GPT(Config.from_name("pythia-1b")))
fabric.save("lora.pth", {"model": model}, filter={"model": lora_filter})
