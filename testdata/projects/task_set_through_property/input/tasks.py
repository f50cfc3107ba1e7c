import torch.nn.functional as F


class Segmentation:
    """The loss of a task; the model it trains is handed in by the task's owner."""

    def training_step(self, model, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(model(x), y)
        if loss > 100:
            return None
        return loss
