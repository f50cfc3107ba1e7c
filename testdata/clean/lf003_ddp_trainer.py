import torch
import torch.nn.functional as F
import lightning as L


class NoisyLabelClassifier(L.LightningModule):
    def __init__(self, net, min_confidence: float = 0.2):
        super().__init__()
        self.net = net
        self.min_confidence = min_confidence

    def training_step(self, batch, batch_idx):
        x, y, confidence = batch
        if confidence.mean() < self.min_confidence:
            return None
        loss = F.cross_entropy(self.net(x), y)
        self.log("train/loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


if __name__ == "__main__":
    trainer = L.Trainer(devices=8, strategy="ddp", max_epochs=30)
    trainer.fit(NoisyLabelClassifier(torch.nn.Linear(128, 10)))
