import torch
import lightning as L

from blocks import Encoder


class Model(L.LightningModule):
    def __init__(self):
        super().__init__()
        # Compiling a submodule is fine: the Trainer gets the LightningModule.
        self.encoder = torch.compile(Encoder())

    def training_step(self, batch, batch_idx):
        return self.encoder(batch).mean()


model = Model()
trainer = L.Trainer(strategy="deepspeed_stage_2", devices=2)
trainer.fit(model)
