"""Train with the Fabric CLI, which launches the processes:

    fabric run --accelerator=cuda --devices=4 --strategy=deepspeed_stage_2 lf005_fabric_run_cli.py
"""

import lightning as L
import torch

fabric = L.Fabric(strategy="deepspeed_stage_2")
model = torch.nn.Linear(128, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
model, optimizer = fabric.setup(model, optimizer)
