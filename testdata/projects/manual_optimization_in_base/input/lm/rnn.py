import torch
import torch.nn.functional as F

from lm.base import ManualOptimizationModule


class TruncatedBPTTLM(ManualOptimizationModule):
    def __init__(self, vocab_size: int = 10_000, hidden: int = 1024, chunk: int = 35, **kwargs):
        super().__init__(**kwargs)
        self.embed = torch.nn.Embedding(vocab_size, hidden)
        self.rnn = torch.nn.LSTM(hidden, hidden, num_layers=2, batch_first=True, dropout=0.2)
        self.out = torch.nn.Linear(hidden, vocab_size)
        self.chunk = chunk

    def training_step(self, batch, batch_idx):
        tokens = batch
        if tokens.size(1) <= self.chunk:
            return None
        hidden = None
        for start in range(0, tokens.size(1) - 1, self.chunk):
            x = tokens[:, start:start + self.chunk]
            y = tokens[:, start + 1:start + 1 + self.chunk]
            out, hidden = self.rnn(self.embed(x[:, :y.size(1)]), hidden)
            loss = F.cross_entropy(self.out(out).flatten(0, 1), y.flatten())
            self.optimize(loss)
            hidden = tuple(h.detach() for h in hidden)
            self.log("train/ppl", loss.exp(), prog_bar=True)
