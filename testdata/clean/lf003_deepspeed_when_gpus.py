"""DeepSpeed only when GPUs train; this script sets none, so the Trainer runs
the default strategy on the CPU, where skipping a step is allowed."""

import torch
import lightning.pytorch as pl

num_gpus = 0
strategy = "deepspeed_stage_2" if num_gpus > 0 else "auto"


class Net(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        if batch_idx % 2 == 1:
            return None  # every other batch is skipped
        return self.layer(batch).sum()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


if __name__ == "__main__":
    trainer = pl.Trainer(accelerator="cpu", devices=max(num_gpus, 1), strategy=strategy, max_epochs=1)
    trainer.fit(Net(), torch.utils.data.DataLoader(torch.randn(64, 4), batch_size=4))
