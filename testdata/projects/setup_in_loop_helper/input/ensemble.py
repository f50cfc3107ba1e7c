import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self, in_features: int = 128, hidden: int = 1024, out_features: int = 1, dropout: float = 0.1):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_features, hidden), nn.GELU(), nn.Dropout(dropout),
            nn.Linear(hidden, hidden), nn.GELU(), nn.Dropout(dropout),
            nn.Linear(hidden, out_features),
        )

    def forward(self, x):
        return self.net(x).squeeze(-1)


def build_member(fabric, seed, hidden=1024, lr=3e-4):
    """One ensemble member with its own optimizer, ready to train."""
    torch.manual_seed(seed)
    model = MLP(hidden=hidden)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    return fabric.setup(model, optimizer)


@torch.no_grad()
def predict(members, x):
    preds = torch.stack([model(x) for model, _ in members])
    return preds.mean(0), preds.std(0)
