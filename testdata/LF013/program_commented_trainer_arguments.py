"""Comments among the Trainer's arguments and the config's keys: the fix
removes the key's line with its own comment and adds the Trainer argument
after the last one's comment, leaving the commented-out lines alone."""
import torch
from lightning.pytorch import LightningModule, Trainer
from lightning.pytorch.strategies import DeepSpeedStrategy
from torch.utils.data import DataLoader, TensorDataset


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


def main():
    trainer = Trainer(
        accelerator="gpu",
        devices=1,  # one GPU per node
        max_epochs=1,
        strategy=DeepSpeedStrategy(
            config={
                "train_micro_batch_size_per_gpu": 4,  # per GPU
                "gradient_accumulation_steps": 2,  # a global batch of 8
                "zero_allow_untested_optimizer": True,
                # "zero_optimization": {"stage": 3},
            }
        ),
        enable_checkpointing=False  # no checkpoints in a smoke run
        # logger=False,
    )
    data = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    trainer.fit(Regressor(), DataLoader(data, batch_size=4))


if __name__ == "__main__":
    main()
