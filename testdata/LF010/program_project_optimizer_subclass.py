# An optimizer of the project's own, derived from torch's base class through
# another of its classes, beside a torch one: Lightning counts both.
import torch
from lightning.pytorch import LightningModule, Trainer
from torch.optim import Optimizer
from torch.utils.data import DataLoader, TensorDataset


class GroupedOptimizer(Optimizer):
    """Steps its parameter groups one by one."""


class ScaledSGD(GroupedOptimizer):
    def __init__(self, params, lr=0.01):
        super().__init__(params, dict(lr=lr))

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad, alpha=-group["lr"] / max(1.0, p.norm().item()))


class Speech(LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.encoder = torch.nn.Linear(8, 8)
        self.head = torch.nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        encoder_opt, head_opt = self.optimizers()
        self.manual_backward(self.head(self.encoder(batch[0])).pow(2).mean())
        encoder_opt.step()
        head_opt.step()
        encoder_opt.zero_grad()
        head_opt.zero_grad()

    def configure_optimizers(self):
        encoder_opt = ScaledSGD(self.encoder.parameters(), lr=0.05)
        head_opt = torch.optim.AdamW(self.head.parameters(), lr=1e-3)
        return [encoder_opt, head_opt]


if __name__ == "__main__":
    trainer = Trainer(accelerator="gpu", devices=1, max_epochs=1, strategy="deepspeed_stage_2")
    trainer.fit(Speech(), DataLoader(TensorDataset(torch.randn(8, 8)), batch_size=4))
