"""A builder's subclass overrides the method choosing the strategy: either may run."""
import torch
import lightning as L
from lightning.pytorch.strategies import DDPStrategy, DeepSpeedStrategy


class TrainerBuilder:
    def _training_strategy(self):
        return DDPStrategy(find_unused_parameters=False)

    def create_trainer(self):
        return L.Trainer(strategy=self._training_strategy(), max_epochs=1)


class ShardedTrainerBuilder(TrainerBuilder):
    def _training_strategy(self):
        return DeepSpeedStrategy(stage=3)


class Net(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        loss = self.layer(batch).sum()
        if torch.isnan(loss):
            return None
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def main(data):
    ShardedTrainerBuilder().create_trainer().fit(Net(), data)
