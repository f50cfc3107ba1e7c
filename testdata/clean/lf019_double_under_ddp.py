from lightning.pytorch import Trainer

from model import HamiltonianNet

trainer = Trainer(devices=4, strategy="ddp", precision="64-true")
trainer.fit(HamiltonianNet())
