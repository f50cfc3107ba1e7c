import lightning.pytorch as pl
from lightning.pytorch.strategies import DDPStrategy, DeepSpeedStrategy
from torch.optim import AdamW, SGD
from torch.optim.lr_scheduler import CosineAnnealingLR


class TwoTower(pl.LightningModule):
    def __init__(self, query_encoder, doc_encoder):
        super().__init__()
        self.query_encoder = query_encoder
        self.doc_encoder = doc_encoder
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        query_opt, doc_opt = self.optimizers()
        q = self.query_encoder(batch["query"])
        d = self.doc_encoder(batch["doc"])
        loss = -(q * d).sum(-1).mean()
        self.manual_backward(loss)
        query_opt.step()
        doc_opt.step()
        query_opt.zero_grad()
        doc_opt.zero_grad()

    def configure_optimizers(self):
        query_opt = AdamW(self.query_encoder.parameters(), lr=3e-5)
        doc_opt = SGD(self.doc_encoder.parameters(), lr=1e-2, momentum=0.9)
        return (
            {"optimizer": query_opt, "lr_scheduler": CosineAnnealingLR(query_opt, T_max=1000)},
            {"optimizer": doc_opt},
        )


def make_trainer(num_gpus: int) -> pl.Trainer:
    strategy = DeepSpeedStrategy(stage=2) if num_gpus > 1 else DDPStrategy()
    return pl.Trainer(devices=num_gpus, strategy=strategy)


if __name__ == "__main__":
    make_trainer(8).fit(TwoTower(None, None))
