import torch.nn.functional as F


class Segmentation:
    """The loss of a task, kept apart from the network that computes it."""

    def training_step(self, model, batch, batch_idx):
        x, y = batch
        logits = model(x)
        if logits.isnan().any():
            return None
        return F.cross_entropy(logits, y)


class Classification:
    def training_step(self, model, batch, batch_idx):
        x, y = batch
        return F.cross_entropy(model(x), y)
