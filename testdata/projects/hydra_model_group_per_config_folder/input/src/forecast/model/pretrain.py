import lightning as L
import torch


class Pretrain(L.LightningModule):
    """Trained only by conf/pretrain, whose Trainer is not DeepSpeed: skipping a
    batch with a non-finite loss is allowed there."""

    def __init__(self, lr: float):
        super().__init__()
        self.lr = lr
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        loss = self.net(batch[0]).pow(2).mean()
        if not torch.isfinite(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.lr)
