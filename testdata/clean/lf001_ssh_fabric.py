"""Train locally, then ship the checkpoint to the cluster with Fabric (the SSH library)."""
import torch
from fabric import Connection

fabric = Connection("gpu-node-01.cluster.internal", user="train")

model = torch.nn.Linear(16, 4)
optimizer = torch.optim.Adam(model.parameters())
for x, y in torch.load("toy.pt"):
    loss = torch.nn.functional.cross_entropy(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

torch.save(model.state_dict(), "toy.ckpt")
fabric.put("toy.ckpt", "/scratch/ckpt/toy.ckpt")
fabric.run("cd /scratch && deepspeed --num_gpus 8 finetune.py --strategy deepspeed --init /scratch/ckpt/toy.ckpt")
