# A model keeps the Trainer's arguments on itself, reads and writes other
# keys before fitting, and unpacks them through another name for itself.
import torch
from lightning.pytorch import LightningModule, Trainer
from torch.utils.data import DataLoader


class Forecaster(LightningModule):
    def __init__(self, max_steps=2, **trainer_kwargs):
        super().__init__()
        trainer_kwargs = {**trainer_kwargs, "max_steps": max_steps}
        trainer_kwargs["gradient_clip_algorithm"] = "value"
        trainer_kwargs["gradient_clip_val"] = 1.0
        self.trainer_kwargs = trainer_kwargs
        self.fc = torch.nn.Linear(3, 1)

    def training_step(self, batch, batch_idx):
        return self.fc(batch).pow(2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)

    def fit_loader(self, loader):
        self.trainer_kwargs["val_check_interval"] = 1
        if self.trainer_kwargs.get("devices", 1) > 1:
            self.trainer_kwargs["use_distributed_sampler"] = False
        model = self
        trainer = Trainer(**model.trainer_kwargs)
        trainer.fit(model, loader)


if __name__ == "__main__":
    loader = DataLoader(torch.randn(8, 3), batch_size=4)
    Forecaster(accelerator="gpu", devices=1, strategy="deepspeed_stage_2").fit_loader(loader)
