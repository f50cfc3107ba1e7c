import torch.nn.functional as F


def masked_loss(model, batch):
    x, y, mask = batch
    if mask.sum() == 0:
        return
    return F.mse_loss(model(x)[mask], y[mask])


def plain_loss(model, batch):
    x, y, _ = batch
    return F.mse_loss(model(x), y)
