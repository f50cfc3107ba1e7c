import lightning as L
import torch


class SegmentationModel(L.LightningModule):
    """The task is given after the model is built: `model.task = Segmentation()`."""

    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 4)
        self._task = None

    @property
    def task(self):
        return self._task

    @task.setter
    def task(self, task):
        self._task = task

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_idx):
        return self.task.training_step(self, batch, batch_idx)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class ShapeProbe:
    """Runs a task's step once on a batch to print shapes; not trained."""

    def __init__(self):
        self.task = None

    def run(self, model, batch):
        self.task.training_step(model, batch, 0)
