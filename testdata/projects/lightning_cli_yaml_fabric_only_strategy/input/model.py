import torch
import torch.nn.functional as F
from deepspeed.ops.adam import DeepSpeedCPUAdam
from lightning.pytorch import LightningModule
from torch.utils.data import DataLoader, TensorDataset


class LitClassifier(LightningModule):
    def __init__(self, num_classes: int = 10, lr: float = 1e-3):
        super().__init__()
        self.save_hyperparameters()
        self.net = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(16, num_classes))

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self.net(x), y)
        self.log("train_loss", loss)
        return loss

    def configure_optimizers(self):
        # ZeRO-Offload (configs/offload.yaml) takes DeepSpeed's CPU Adam only.
        return DeepSpeedCPUAdam(self.parameters(), lr=self.hparams.lr)

    def train_dataloader(self):
        data = TensorDataset(torch.randn(64, 4, 4), torch.randint(0, self.hparams.num_classes, (64,)))
        return DataLoader(data, batch_size=8)
