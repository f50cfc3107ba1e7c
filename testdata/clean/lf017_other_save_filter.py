import torch
from lightning.fabric import Fabric

from storage import Bucket

fabric = Fabric(strategy="deepspeed", devices=2)
bucket = Bucket("gs://checkpoints")
# Not a Fabric: the bucket's own filter argument.
bucket.save("weights.pt", {"model": torch.nn.Linear(2, 2)}, filter={"model": lambda k, v: True})
