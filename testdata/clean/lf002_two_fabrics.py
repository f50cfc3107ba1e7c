import torch
import torch.nn.functional as F
import lightning as L

from models import Classifier, Regressor


def train_classifier(loader):
    fabric = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    fabric.launch()
    clf = Classifier()
    clf, opt = fabric.setup(clf, torch.optim.SGD(clf.parameters(), lr=0.1))
    for x, y in fabric.setup_dataloaders(loader):
        loss = F.cross_entropy(clf(x), y)
        opt.zero_grad()
        fabric.backward(loss)
        opt.step()
    return clf


def train_regressor(loader):
    other = L.Fabric(accelerator="cuda", devices=2, strategy="deepspeed_stage_2")
    other.launch()
    reg = Regressor()
    reg, reg_opt = other.setup(reg, torch.optim.Adam(reg.parameters(), lr=1e-3))
    for x, y in other.setup_dataloaders(loader):
        loss = F.mse_loss(reg(x), y)
        reg_opt.zero_grad()
        other.backward(loss)
        reg_opt.step()
    return reg


if __name__ == "__main__":
    train_classifier(loader=None)
    train_regressor(loader=None)
