import importlib

import lightning.pytorch as L
import torch

if __name__ == "__main__":
    # The model is chosen by name at run time: lightfix cannot tell which.
    model = importlib.import_module("models.net").Net()
    data = torch.utils.data.DataLoader(torch.randn(8, 2), batch_size=2)
    trainer = L.Trainer(strategy="deepspeed_stage_2", devices=1, max_epochs=1)
    trainer.fit(model, data)
