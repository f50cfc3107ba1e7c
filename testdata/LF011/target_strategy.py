# args: --target-strategy deepspeed
import torch
from lightning.pytorch import LightningModule


class GaussianProcess(LightningModule):
    def __init__(self, kernel):
        super().__init__()
        self.kernel = kernel

    def training_step(self, batch, batch_idx):
        return -self.kernel.log_marginal_likelihood(*batch)

    def configure_optimizers(self):
        return {"optimizer": torch.optim.LBFGS(self.kernel.parameters(), max_iter=50)}
