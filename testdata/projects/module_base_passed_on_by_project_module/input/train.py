import lightning.pytorch as L
import torch

from graph.module import GraphModule

if __name__ == "__main__":
    data = torch.utils.data.DataLoader(torch.randn(8, 2), batch_size=2)
    trainer = L.Trainer(strategy="deepspeed_stage_2", devices=1, max_epochs=1)
    trainer.fit(GraphModule(), data)
