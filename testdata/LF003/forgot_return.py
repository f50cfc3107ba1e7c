import torch
import pytorch_lightning as pl
from pytorch_lightning.strategies import DeepSpeedStrategy


class MatrixFactorization(pl.LightningModule):
    def __init__(self, n_users: int, n_items: int, dim: int = 64, l2: float = 1e-5):
        super().__init__()
        self.users = torch.nn.Embedding(n_users, dim)
        self.items = torch.nn.Embedding(n_items, dim)
        self.l2 = l2

    def training_step(self, batch, batch_idx):
        users, items, ratings = batch
        u, v = self.users(users), self.items(items)
        pred = (u * v).sum(-1)
        mse = torch.nn.functional.mse_loss(pred, ratings)
        loss = mse + self.l2 * (u.pow(2).sum() + v.pow(2).sum())
        self.log_dict({"train/mse": mse, "train/loss": loss})

    def configure_optimizers(self):
        return torch.optim.SparseAdam(self.parameters(), lr=1e-3)


if __name__ == "__main__":
    trainer = pl.Trainer(
        devices=4,
        strategy=DeepSpeedStrategy(
            stage=2,
            offload_optimizer=True,
        ),
    )
    trainer.fit(MatrixFactorization(100_000, 50_000))
