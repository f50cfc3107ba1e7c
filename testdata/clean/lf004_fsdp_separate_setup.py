"""litgpt-style pretraining under FSDP: the model is set up first and the optimizer is
built from the sharded parameters, as FSDP wants it."""

import lightning as L
import torch
from lightning.fabric.strategies import FSDPStrategy

from litgpt import GPT, Config
from litgpt.model import Block


def main(fabric, lr=4e-4):
    with fabric.init_module(empty_init=True):
        model = GPT(Config.from_name("Llama-2-7b-hf"))
    model = fabric.setup(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=0.1, fused=True)
    optimizer = fabric.setup_optimizers(optimizer)
    return model, optimizer


if __name__ == "__main__":
    strategy = FSDPStrategy(auto_wrap_policy={Block}, state_dict_type="full", sharding_strategy="HYBRID_SHARD")
    fabric = L.Fabric(devices=8, strategy=strategy, precision="bf16-true")
    fabric.launch()
    main(fabric)
