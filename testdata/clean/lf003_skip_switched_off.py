"""The NaN skip is switched off by a module constant (`SKIP_NON_FINITE = False`): the
`return None` can never run, so DeepSpeed never sees a skipped step."""

import torch
import lightning.pytorch as pl

SKIP_NON_FINITE = False


class Net(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        loss = self.layer(batch).pow(2).mean()
        if SKIP_NON_FINITE and not torch.isfinite(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


if __name__ == "__main__":
    trainer = pl.Trainer(accelerator="cuda", devices=1, strategy="deepspeed_stage_2", max_epochs=1)
    trainer.fit(Net(), torch.utils.data.DataLoader(torch.randn(64, 4), batch_size=4))
