import torch
from torch import nn
from lightning_fabric import Fabric
from lightning_fabric.strategies import DeepSpeedStrategy


class CharRNN(nn.Module):
    def __init__(self, vocab=128, hidden=256):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.head = nn.Linear(hidden, vocab)

    def forward(self, tokens):
        h, _ = self.rnn(self.embed(tokens))
        return self.head(h)


def run(fabric: Fabric, corpus: torch.Tensor, epochs: int = 10):
    rnn = CharRNN()
    opt = torch.optim.RMSprop(rnn.parameters(), lr=5e-4)
    for _ in range(epochs):
        for seq in corpus.split(64):
            seq = seq.to(fabric.device)
            logits = rnn(seq[:, :-1])
            loss = nn.functional.cross_entropy(logits.reshape(-1, 128), seq[:, 1:].reshape(-1))
            fabric.backward(loss)
            opt.step()
            opt.zero_grad()


if __name__ == "__main__":
    fabric = Fabric(devices=4, strategy=DeepSpeedStrategy(config="ds_config.json"))
    fabric.launch()
    run(fabric, torch.randint(0, 128, (4096, 65)))
