import torch
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.plugins import CheckpointIO


class LocalCheckpointIO(CheckpointIO):
    """Saves with torch.save: a checkpoint plugin, no precision plugin."""

    def save_checkpoint(self, checkpoint, path, storage_options=None):
        torch.save(checkpoint, path)

    def load_checkpoint(self, path, map_location=None):
        return torch.load(path, map_location=map_location)

    def remove_checkpoint(self, path):
        pass


class Rollout(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 4)

    def training_step(self, batch, batch_idx):
        return self.net(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)

    def train_dataloader(self):
        return torch.utils.data.DataLoader(torch.randn(8, 4), batch_size=4)


checkpoint_io = LocalCheckpointIO()
trainer = Trainer(devices=1, strategy="deepspeed_stage_2", plugins=[checkpoint_io], precision=64, max_steps=1)
trainer.fit(Rollout())
