from pytorch_lightning import LightningModule, Trainer
from pytorch_lightning.strategies import DeepSpeedStrategy
from torch.optim import LBFGS
import torch.nn.functional as F


class PINN(LightningModule):
    """A physics-informed network fitted with full-batch L-BFGS."""

    def __init__(self, net):
        super().__init__()
        self.net = net
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()

        def closure():
            opt.zero_grad()
            loss = F.mse_loss(self.net(batch["x"]), batch["u"])
            self.manual_backward(loss)
            return loss

        opt.step(closure=closure)

    def configure_optimizers(self):
        optimizer = LBFGS(
            self.net.parameters(),
            line_search_fn="strong_wolfe",
        )
        return optimizer


def fit(net, datamodule):
    trainer = Trainer(strategy=DeepSpeedStrategy(stage=1), devices=4)
    trainer.fit(PINN(net), datamodule=datamodule)
