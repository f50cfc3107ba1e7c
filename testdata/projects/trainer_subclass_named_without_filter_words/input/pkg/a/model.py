"""A module no Trainer of the project is seen fitting: judged by the nearest Trainers, here
`Runner` in `run.py`, a file with no word of the prefilter that is parsed because it
constructs a subclass of Lightning's Trainer (through `Base`)."""
import torch
import lightning as L


class Probe(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        if batch is None:
            return None
        return self.layer(batch).sum()
