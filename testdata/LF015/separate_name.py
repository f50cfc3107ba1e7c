import torch
from lightning.pytorch import Trainer

from model import Classifier

classifier = Classifier(num_classes=1000)
compiled = torch.compile(classifier, fullgraph=True)
trainer = Trainer(strategy="deepspeed", devices=4)
trainer.fit(compiled)
