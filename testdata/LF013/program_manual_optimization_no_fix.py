# A GAN-style module that steps its optimizer by hand every fourth batch:
# Lightning refuses `accumulate_grad_batches` for manual optimization, so
# moving the DeepSpeed value there would only trade one crash for another.
import torch
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy
from torch.utils.data import DataLoader, TensorDataset


class Accumulating(LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        self.manual_backward(self.net(batch[0]).mean())
        if (batch_idx + 1) % 4 == 0:
            optimizer.step()
            optimizer.zero_grad()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


if __name__ == "__main__":
    ds = DeepSpeedStrategy(config={"zero_optimization": {"stage": 2}, "gradient_accumulation_steps": 4})
    trainer = Trainer(accelerator="gpu", devices=1, max_epochs=1, strategy=ds)
    trainer.fit(Accumulating(), DataLoader(TensorDataset(torch.randn(16, 8)), batch_size=4))
