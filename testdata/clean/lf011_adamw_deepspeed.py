import lightning as L
import torch
from deepspeed.ops.adam import DeepSpeedCPUAdam


class Fit(L.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        # L-BFGS does not work with DeepSpeed, so use Adam on the CPU.
        return DeepSpeedCPUAdam(self.parameters(), lr=1e-3)


trainer = L.Trainer(strategy="deepspeed_stage_2_offload", devices=2)
trainer.fit(Fit(torch.nn.Linear(4, 1)))
