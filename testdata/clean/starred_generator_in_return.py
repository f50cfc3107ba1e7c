# Valid Python since 3.8 that tree-sitter-python 0.23.6 cannot parse as it is
# (litgpt's scripts/convert_hf_checkpoint.py): no syntax error to report.
import re

import torch
from lightning.fabric import Fabric


def layer_template(layer_name: str, num_matches: int = 1) -> tuple[str, int]:
    pattern = r"\.(\d+)\."
    if not (search_res := re.findall(pattern, layer_name)):
        return layer_name, -1
    layer_name_template = re.sub(pattern, ".{}.", layer_name, count=num_matches)
    return layer_name_template, *(int(x) for x in search_res[:num_matches])


def train(model, optimizer, loader):
    fabric = Fabric(accelerator="cuda", devices=8, strategy="deepspeed_stage_2")
    fabric.launch()
    model, optimizer = fabric.setup(model, optimizer)
    for batch in loader:
        loss = torch.nn.functional.mse_loss(model(batch), batch)
        fabric.backward(loss)
        optimizer.step()
        optimizer.zero_grad()
