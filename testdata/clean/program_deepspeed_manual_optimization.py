"""Manual optimization on DeepSpeed: training_step steps by itself and may return nothing."""
import torch
from torch.utils.data import DataLoader, TensorDataset
import lightning.pytorch as pl


class Manual(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.layer = torch.nn.Linear(3, 1)

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        x, y = batch
        loss = torch.nn.functional.mse_loss(self.layer(x), y)
        optimizer.zero_grad()
        self.manual_backward(loss)
        optimizer.step()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


if __name__ == "__main__":
    data = DataLoader(TensorDataset(torch.randn(12, 3), torch.randn(12, 1)), batch_size=4)
    trainer = pl.Trainer(accelerator="cuda", devices=4, strategy="deepspeed_stage_3", max_epochs=1)
    trainer.fit(Manual(), data)
